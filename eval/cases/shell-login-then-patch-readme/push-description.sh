#!/bin/bash
# Sync the README to the image page.

jwt=$(curl -s -X POST \
  -H "Content-Type: application/json" \
  -d '{"username": "'"$HUB_USER"'", "password": "'"$HUB_PASS"'"}' \
  https://hub.docker.com/v2/users/login/ | jq -r .token)

status=$(jq -n --arg body "$(<README.md)" '{"full_description": $body}' | \
  curl -s -o /dev/null -w "%{http_code}" \
    "https://hub.docker.com/v2/repositories/${IMAGE_SLUG}/" \
    -d @- -X PATCH \
    -H "Content-Type: application/json" \
    -H "Authorization: JWT ${jwt}")
echo "update: $status"
