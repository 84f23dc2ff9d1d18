#!/usr/bin/env bash
set -euo pipefail
. ./mirror.env.sh
curl -s "${HUB_API}/repositories/${ORG}/?page_size=100" | jq -r '.results[].name'
