module Dockhand
  # The version of this gem.
  VERSION = '0.9.2'

  # The Engine API version every request is sent with.
  API_VERSION = '1.16'
end
