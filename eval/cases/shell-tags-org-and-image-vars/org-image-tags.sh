#!/usr/bin/env bash
HUB_ORG=$1
IMAGE_NAME=$2
curl -s -S https://registry.hub.docker.com/v2/repositories/$HUB_ORG/$IMAGE_NAME/tags/ | \
  jq -r '.results[].name'
