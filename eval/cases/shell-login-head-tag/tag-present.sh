#!/usr/bin/bash
HUB_LOGIN="${HUB_LOGIN:?}"
HUB_SECRET="${HUB_SECRET:?}"

function tag_present() {
    JWT=$(curl -s -H "Content-Type: application/json" -X POST -d '{"username": "'${HUB_LOGIN}'", "password": "'${HUB_SECRET}'"}' https://hub.docker.com/v2/users/login/ | jq -r .token)
    curl --silent -f --head -lL -H "Authorization: JWT ${JWT}" https://hub.docker.com/v2/repositories/$1/tags/$2/ > /dev/null
}

if tag_present library/haproxy 2.8; then
    echo present
else
    echo missing
fi
