#!/usr/bin/env bash
ORG=$1
curl -k -s "https://registry.hub.docker.com/v1/search?q=$ORG" |
tr ',' '\n' |
grep '"name"' |
awk -F ':' '{ print $2 }'
