#!/bin/bash
# Publishes the README and checks the repository, through Docker Cloud's API host.
set -euo pipefail
REPO="${DOCKER_REPO:-lanternfish/beacon}"

curl -fsS -X PATCH "https://cloud.docker.com/v2/repositories/${REPO}/" \
  -H "Authorization: JWT ${HUB_TOKEN}" -H 'Content-Type: application/json' \
  --data "$(jq -n --arg d "$(cat README.md)" '{full_description: $d}')"

curl -fsS "https://cloud.docker.com/v2/repositories/${REPO}/" | jq -r .last_updated
