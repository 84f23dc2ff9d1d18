#!/usr/bin/env bash
set -euo pipefail
OWNER="${1:?owner}"
IMAGE="${2:?image}"

note() { echo "[$(date +%T)] $*" >&2; }

repo_url() {
  echo "https://hub.docker.com/v2/repositories/$1/$2/"
}

echo "curl -fsS https://hub.docker.com/v2/repositories/${OWNER}/${IMAGE}/"
curl -fsS "https://hub.docker.com/v2/repositories/${OWNER}/${IMAGE}/" > meta.json
printf 'Reading %s\n' "https://hub.docker.com/v2/repositories/${OWNER}/${IMAGE}-base/"
note "open https://hub.docker.com/v2/repositories/${OWNER}/${IMAGE}-docs/ to check"
curl -fsS "$(repo_url "$OWNER" "$IMAGE-cache")"
