require_relative '../lib/hub'

describe Hub do
  it 'builds the repository address' do
    expect(Hub.repo_url('acme', 'api')).to eq('https://hub.docker.com/v2/repositories/acme/api/')
  end
end
