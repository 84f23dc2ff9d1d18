def list(x)
  Net::HTTP.get(URI("https://hub.docker.com/v2/repositories/#{ERB::Util.url_encode(x)}/"))
end
