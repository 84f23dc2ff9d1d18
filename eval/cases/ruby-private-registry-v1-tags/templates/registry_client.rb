require 'net/http'
require 'json'

# Reads image versions from the team's own registry (v1 API, port 5000).
class LocalRegistry
  def initialize(opts = {})
    @host = opts[:host] || '10.0.8.20'
    @port = opts[:port] || 5000
  end

  def newest_tag(image)
    uri = URI("http://#{@host}:#{@port}/v1/repositories/#{image}/tags")
    tags = JSON.parse(Net::HTTP.get_response(uri).body).keys
    tags.max_by { |t| Gem::Version.new(t) }
  end
end
