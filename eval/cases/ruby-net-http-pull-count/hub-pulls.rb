#!/usr/bin/env ruby
require 'json'
require 'net/http'
require 'csv'

history_file = '/srv/stats/hub-pulls-history.csv'
summary_file = '/srv/stats/hub-pulls.csv'
url = 'https://hub.docker.com/v2/repositories/acmeauth/acmeauth-server/'
repo = JSON.parse(Net::HTTP.get(URI(url)))

pulls = repo['pull_count']
stars = repo['star_count']

File.open(history_file, 'a') { |f| f.puts "#{Time.now.strftime('%Y%m%d')},#{pulls},#{stars}" }

CSV.open(summary_file, 'w') do |csv|
  csv << %w[Pulls Stars]
  csv << [pulls, stars]
end
