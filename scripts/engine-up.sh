#!/bin/sh
# Starts a real Docker daemon and a password-protected registry for hublint's
# integration tests, and prints how to reach them as KEY=VALUE lines (also written
# to $STATE/engine.env). Idempotent: when both already run, it only prints.
#
# Debian's binaries are called by absolute path because a newer `docker` CLI may come
# first on PATH (on this kind of machine a docker 28 CLI does), and inherited DOCKER_* variables are dropped so that they
# cannot point our own docker CLI calls at some other daemon.
set -eu
unset DOCKER_HOST DOCKER_API_VERSION DOCKER_CONTEXT DOCKER_TLS_VERIFY DOCKER_CERT_PATH DOCKER_CONFIG

ROOT=$(cd "$(dirname "$0")/.." && pwd)
STATE=${HUBLINT_ENGINE_DIR:-$ROOT/.engine}
DOCKERD=/usr/sbin/dockerd
DOCKER=/usr/bin/docker
REGISTRY=/usr/bin/docker-registry
HTPASSWD=/usr/bin/htpasswd
BUSYBOX=/bin/busybox
OPENSSL=/usr/bin/openssl
ENV_FILE=$STATE/engine.env
SOCK=$STATE/docker.sock
USERNAME=hublint
IMAGE_REPO=team/busybox
IMAGE_TAG=1
LOCAL_IMAGE=hublint/busybox:latest

log() { echo "engine-up: $*" >&2; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

install_missing() {
  missing=""
  [ -x "$DOCKERD" ] && [ -x "$DOCKER" ] || missing="$missing docker.io"
  [ -x "$REGISTRY" ] || missing="$missing docker-registry"
  [ -x "$BUSYBOX" ] || missing="$missing busybox-static"
  [ -x "$HTPASSWD" ] || missing="$missing apache2-utils"
  [ -x "$OPENSSL" ] || missing="$missing openssl"
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    log "missing packages:$missing (run as root to install them with apt-get)"
    exit 1
  fi
  log "installing$missing"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing >&2; }
}

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

wait_for() { # wait_for SECONDS DESCRIPTION COMMAND...
  limit=$1; what=$2; shift 2
  i=0
  while ! "$@" >/dev/null 2>&1; do
    i=$((i + 1))
    if [ "$i" -gt $((limit * 5)) ]; then log "$what did not come up; see $STATE/*.log"; exit 1; fi
    sleep 0.2
  done
}

ping_daemon() { $DOCKER -H "unix://$SOCK" version --format '{{.Server.APIVersion}}'; }

# Two test runs starting at once must not both start daemons in the same directory.
# The daemons are started with fd 9 closed, or they would hold the lock for ever.
mkdir -p "$STATE"
exec 9>"$STATE/lock"
/usr/bin/flock 9

if [ -f "$ENV_FILE" ] && alive "$STATE/docker.pid" && alive "$STATE/registry.pid" && ping_daemon >/dev/null 2>&1; then
  cat "$ENV_FILE"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  log "dockerd needs root on this machine; run as root"
  exit 1
fi

install_missing
mkdir -p "$STATE"
chmod 755 "$STATE"

# A half-started earlier run leaves processes behind; stop them so that ports and
# the socket are free.
"$ROOT/scripts/engine-down.sh" >/dev/null 2>&1 || true
rm -f "$SOCK" "$ENV_FILE"

log "starting dockerd on unix://$SOCK"
$DOCKERD --host "unix://$SOCK" --data-root "$STATE/data" --exec-root "$STATE/exec" \
  --pidfile "$STATE/docker.pid" --storage-driver vfs --iptables=false --ip-masq=false \
  --bridge=none >"$STATE/dockerd.log" 2>&1 9>&- &
wait_for 60 dockerd ping_daemon

PORT=$(free_port)
REGISTRY_ADDR=127.0.0.1:$PORT
PASSWORD=$($OPENSSL rand -hex 16)
mkdir -p "$STATE/registry"
$HTPASSWD -Bbn "$USERNAME" "$PASSWORD" >"$STATE/htpasswd"
cat >"$STATE/registry.yml" <<EOF
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $STATE/registry
  delete:
    enabled: true
http:
  addr: $REGISTRY_ADDR
auth:
  htpasswd:
    realm: hublint
    path: $STATE/htpasswd
EOF
log "starting docker-registry on $REGISTRY_ADDR"
$REGISTRY serve "$STATE/registry.yml" >"$STATE/registry.log" 2>&1 9>&- &
echo $! >"$STATE/registry.pid"
# Without credentials /v2/ answers 401, which is enough to know it listens.
wait_for 30 docker-registry node -e "require('http').get('http://$REGISTRY_ADDR/v2/',r=>process.exit(r.statusCode===401?0:1)).on('error',()=>process.exit(1))"

log "building $LOCAL_IMAGE from busybox-static"
ROOTFS=$(mktemp -d)
mkdir -p "$ROOTFS/bin" "$ROOTFS/tmp"
cp "$BUSYBOX" "$ROOTFS/bin/busybox"
for applet in $("$BUSYBOX" --list); do
  [ "$applet" = busybox ] || ln -sf busybox "$ROOTFS/bin/$applet"
done
tar -C "$ROOTFS" -cf - . | $DOCKER -H "unix://$SOCK" import \
  -c 'CMD ["sh"]' -c 'ENV PATH=/bin' - "$LOCAL_IMAGE" >/dev/null
rm -rf "$ROOTFS"

log "pushing $REGISTRY_ADDR/$IMAGE_REPO:$IMAGE_TAG"
LOGIN_CONFIG=$(mktemp -d)
$DOCKER -H "unix://$SOCK" tag "$LOCAL_IMAGE" "$REGISTRY_ADDR/$IMAGE_REPO:$IMAGE_TAG"
printf '%s' "$PASSWORD" | DOCKER_CONFIG=$LOGIN_CONFIG $DOCKER -H "unix://$SOCK" login \
  --username "$USERNAME" --password-stdin "$REGISTRY_ADDR" >/dev/null 2>&1
DOCKER_CONFIG=$LOGIN_CONFIG $DOCKER -H "unix://$SOCK" push "$REGISTRY_ADDR/$IMAGE_REPO:$IMAGE_TAG" >/dev/null
rm -rf "$LOGIN_CONFIG"
# Tests pull this tag again; without the local tag a pull really goes to the registry.
$DOCKER -H "unix://$SOCK" rmi "$REGISTRY_ADDR/$IMAGE_REPO:$IMAGE_TAG" >/dev/null

cat >"$ENV_FILE" <<EOF
DOCKER_HOST=unix://$SOCK
HUBLINT_ENGINE_DIR=$STATE
HUBLINT_ENGINE_IMAGE=$LOCAL_IMAGE
HUBLINT_REGISTRY=$REGISTRY_ADDR
HUBLINT_REGISTRY_IMAGE=$REGISTRY_ADDR/$IMAGE_REPO:$IMAGE_TAG
HUBLINT_REGISTRY_USER=$USERNAME
HUBLINT_REGISTRY_PASSWORD=$PASSWORD
EOF
chmod 600 "$ENV_FILE"
cat "$ENV_FILE"
