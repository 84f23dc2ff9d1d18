#!/bin/sh

ref="${1:-library/alpine:3.19}"
name="${ref%:*}"
tag="${ref##*:}"
mt="application/vnd.oci.image.index.v1+json"
token=$(curl -s "https://auth.docker.io/token?service=registry.docker.io&scope=repository:${name}:pull" \
        | jq -r '.token')
curl -H "Accept: ${mt}" \
     -H "Authorization: Bearer $token" \
     -I -s "https://registry-1.docker.io/v2/${name}/manifests/${tag}"
