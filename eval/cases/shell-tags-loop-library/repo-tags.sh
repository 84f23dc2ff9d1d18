#!/bin/sh
# Shows the tags of official images.
#   repo-tags.sh redis memcached
for Name in "$@" ; do
  curl -s -S "https://registry.hub.docker.com/v2/repositories/library/$Name/tags/" | \
    tr ',' '\n' | \
    grep '"name"' | \
    awk -F'"' '{print $4}' | \
    sed -e "s/^/${Name}:/"
done
