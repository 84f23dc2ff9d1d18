module Hub
  BASE = 'https://hub.docker.com'

  def self.repo_url(owner, name)
    "#{BASE}/v2/repositories/#{owner}/#{name}/"
  end
end
