require 'excon'
require 'dockhand/version'

module Dockhand
  # One Excon connection to the daemon socket; every path is prefixed with the API version.
  class Connection
    def initialize(url = 'unix:///var/run/docker.sock', opts = {})
      @resource = Excon.new('unix:///', opts.merge(socket: url.sub('unix://', '')))
    end

    def get(path, query = {})
      request(:get, path, query)
    end

    private

    def request(method, path, query)
      @resource.request(
        method: method,
        path: "/v#{Dockhand::API_VERSION}#{path}",
        query: query,
        headers: { 'Content-Type' => 'application/json' }
      )
    end
  end
end
