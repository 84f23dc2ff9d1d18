#!/usr/bin/env ruby
require 'net/http'
require 'openssl'
require 'json'

# Lists the most starred images of one account on the dashboard.
account = ENV['HUB_ACCOUNT'] || 'acmelabs'
max_rows = 7

SCHEDULER.every '5m', first_in: 0 do |_job|
  http = Net::HTTP.new('registry.hub.docker.com', Net::HTTP.https_default_port)
  http.use_ssl = true
  response = http.request(Net::HTTP::Get.new("/v1/search?q=#{account}"))
  if response.code == '200'
    rows = JSON.parse(response.body, symbolize_names: true)[:results].map do |r|
      { label: r[:name], value: r[:star_count] }
    end
    send_event('hub_stars', items: rows.sort_by { |r| -r[:value] }.first(max_rows))
  else
    puts "hub search failed: #{response.code}"
  end
end
