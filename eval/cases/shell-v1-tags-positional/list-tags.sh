#!/bin/sh
# list-tags.sh: print the tags of an image
#   list-tags.sh debian
curl -sS "https://index.docker.io/v1/repositories/$1/tags" | \
  tr ',' '\n' | \
  grep '"name"' | \
  cut -d'"' -f4 | \
  sort -u
