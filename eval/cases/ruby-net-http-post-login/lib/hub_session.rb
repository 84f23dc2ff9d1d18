require 'json'
require 'net/http'
require 'httparty'

# Logs in to Docker Hub and lists the tags of the team's images.
class HubSession
  API_ROOT = 'https://hub.docker.com/v2'.freeze

  def initialize(user, secret)
    @user = user
    @secret = secret
  end

  def token
    uri = URI("#{API_ROOT}/users/login/")
    request = Net::HTTP::Post.new(uri, 'Content-Type' => 'application/json')
    request.body = { username: @user, password: @secret }.to_json
    response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(request) }
    JSON.parse(response.body)['token']
  end

  def tags(image)
    HTTParty.get(API_ROOT + "/repositories/#{image}/tags", query: { page_size: 50 })['results']
  end
end
