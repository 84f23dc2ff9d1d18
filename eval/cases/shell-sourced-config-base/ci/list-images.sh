#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/registry.sh
. "$here/lib/registry.sh"

TOKEN=$(curl -s -H "Content-Type: application/json" -X POST \
  -d "{\"username\": \"${HUB_USER}\", \"password\": \"${HUB_PASS}\"}" \
  "${HUB_API}/users/login/" | jq -r .token)

curl -s -H "Authorization: JWT ${TOKEN}" "${HUB_API}/repositories/${HUB_ORG}/?page_size=100" | jq -r '.results[].name'
