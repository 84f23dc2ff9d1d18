#!/bin/bash

NEWEST=$(curl -L -s 'https://registry.hub.docker.com/v2/repositories/'$1'/tags?page_size=1&ordering=last_updated' | jq -r '.results[0].name')
echo "$1:$NEWEST"
