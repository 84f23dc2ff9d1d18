#!/bin/sh
# Unversioned requests: the daemon answers at its own current version.
curl -fsS --unix-socket /var/run/docker.sock http://localhost/version
curl -fsS http://127.0.0.1:2375/containers/json?all=1
