#!/bin/bash
set -euo pipefail

# Hub service account for the docs robot
LOGIN_CMD="curl -s -H 'Content-Type: application/json' -d \"{'username':'${HUB_BOT_USER}','password':'${HUB_BOT_PASS}'}\" https://hub.docker.com/v2/users/login"
JWT=$(${LOGIN_CMD} | jq -r .token)
echo "logged in"

CARD_CMD="curl -s -H 'Authorization: JWT ${JWT}' https://hub.docker.com/v2/repositories/${HUB_ORG}/${HUB_REPO}/"
${CARD_CMD} | jq .last_updated

# PUSH_CMD="curl -s -X PATCH -H 'Authorization: JWT ${JWT}' -d @notes.json https://hub.docker.com/v2/repositories/${HUB_ORG}/${HUB_REPO}/"
