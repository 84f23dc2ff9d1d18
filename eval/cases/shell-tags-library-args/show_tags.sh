#!/usr/bin/env bash
# Prints the tags of an official image, newest first.
curl -fsS "https://registry.hub.docker.com/v2/repositories/library/$@/tags/" | jq -r '.results[].name' | sort -r
