#!/bin/bash
set -euxo pipefail

TAG=${TAG:-"master"}
IMAGE2TEST="registry.example.com/acme/dbsnap:${TAG}"
SERVER_PORT=${SERVER_PORT:-12345}

sudo docker run \
  --name dbsnap_server \
  --label dbsnap_control \
  --privileged \
  --publish "${SERVER_PORT}:${SERVER_PORT}" \
  --volume /var/run/docker.sock:/var/run/docker.sock \
  --volume "${configDir}":/home/dbsnap/configs \
  --volume "${metaDir}":/home/dbsnap/meta \
  --env DOCKER_API_VERSION=1.39 \
  --env VERIFICATION_TOKEN=secret_token \
  --detach \
  "${IMAGE2TEST}"

for i in {1..30}; do
  curl -s "http://localhost:${SERVER_PORT}/healthz" && break
  sleep 10
done
