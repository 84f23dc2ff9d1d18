#!/bin/sh
set -e
OUT=/tmp/hub-reply.json

echo "Requesting a Hub token..."
LOGIN_BODY="{\"username\": \"${HUB_USER}\", \"password\": \"${HUB_PASSWORD}\"}"
if [ "${TRACE}" = "true" ]; then
  CODE=$(curl -s --write-out %{response_code} --output ${OUT} -H "Content-Type: application/json" -X POST -d "${LOGIN_BODY}" https://hub.docker.com/v2/users/login/ --trace /tmp/trace.txt)
else
  CODE=$(curl -s --write-out %{response_code} --output ${OUT} -H "Content-Type: application/json" -X POST -d "${LOGIN_BODY}" https://hub.docker.com/v2/users/login/)
fi
[ "${CODE}" -eq 200 ] || { echo "login failed: ${CODE}"; exit 1; }
JWT=$(jq -r .token < ${OUT})

echo "Updating the overview..."
BODY=$(jq -n --arg full_description "$(cat ${OVERVIEW_FILE})" '{ full_description: $full_description }')
TARGET_URL="https://hub.docker.com/v2/repositories/${HUB_REPOSITORY}/"
CODE=$(curl -s --write-out %{response_code} --output ${OUT} -X PATCH -H "Authorization: JWT ${JWT}" -H "Content-Type: application/json" -d "${BODY}" ${TARGET_URL})
[ "${CODE}" -eq 200 ] && echo "done"
