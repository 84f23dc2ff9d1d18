#!/bin/sh
# Stops what scripts/engine-up.sh started (by the pids it recorded) and keeps the
# state directory, so the next start reuses the image store. `--purge` removes it.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STATE=${HUBLINT_ENGINE_DIR:-$ROOT/.engine}

stop_pidfile() { # stop_pidfile FILE NAME
  [ -f "$1" ] || return 0
  pid=$(cat "$1")
  if kill -0 "$pid" 2>/dev/null; then
    echo "engine-down: stopping $2 ($pid)" >&2
    kill "$pid" 2>/dev/null || true
    i=0
    while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$1"
}

stop_pidfile "$STATE/registry.pid" docker-registry
stop_pidfile "$STATE/docker.pid" dockerd
rm -f "$STATE/engine.env" "$STATE/docker.sock"

if [ "${1:-}" = --purge ]; then
  # vfs layers may still be mounted read-only under data/; unmount before removing.
  grep " $STATE/" /proc/mounts 2>/dev/null | awk '{print $2}' | sort -r | while read -r m; do umount "$m" 2>/dev/null || true; done
  rm -rf "$STATE"
fi
