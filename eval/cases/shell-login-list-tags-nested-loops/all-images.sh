#!/bin/bash
set -e

HUB_LOGIN=<login>
HUB_SECRET=<secret>
ORG=<organization>

JWT=$(curl -s -H "Content-Type: application/json" -X POST -d '{"username": "'${HUB_LOGIN}'", "password": "'${HUB_SECRET}'"}' https://hub.docker.com/v2/users/login/ | jq -r .token)

# repositories of the organization
REPOS=$(curl -s -H "Authorization: JWT ${JWT}" https://hub.docker.com/v2/repositories/${ORG}/?page_size=100 | jq -r '.results|.[]|.name')

for r in ${REPOS}
do
  TAGS=$(curl -s -H "Authorization: JWT ${JWT}" https://hub.docker.com/v2/repositories/${ORG}/${r}/tags/?page_size=100 | jq -r '.results|.[]|.name')
  for t in ${TAGS}
  do
    ALL="${ALL} ${ORG}/${r}:${t}"
  done
done

for i in ${ALL}; do echo ${i}; done
