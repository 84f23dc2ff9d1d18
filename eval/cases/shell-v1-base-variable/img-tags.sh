#!/bin/sh

hub_v1=https://registry.hub.docker.com/v1/repositories
image=$1

curl -s ${hub_v1}/${image}/tags | python3 -m json.tool | grep name | awk '{print $2}' | tr -d '",'
