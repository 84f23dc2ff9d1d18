#!/bin/sh
# Installs the programs hublint's test suite runs besides Node and npm, from Debian's
# packages, so that `npm ci && npm run ci` passes on a machine that has only Node and npm
# (the Docker daemon, the registry and openssl are scripts/engine-up.sh's). Idempotent:
# when everything is there it only checks. Without root it cannot install: under CI=true
# it fails with one line naming what is missing; elsewhere it says so and the tests that
# need the program fail.
set -eu

log() { echo "test-tools: $*" >&2; }

# program (as the tests call it) -> Debian package; one line each, checked in order.
#   git         --staged / --changed-since tests, init's snippets, the eval score's revision
#   pre-commit  the pre-commit framework runs the shipped hook and init's snippet
#   chromium    the HTML report is opened in a real browser (playwright-core drives it)
#   setpriv unshare flock  util-linux: a socket without permission, a full disk, the engine lock
#   mount       a small tmpfs as a full disk (test/helpers/hostile.ts)
#   mkfifo mknod truncate cat  coreutils: FIFOs, devices and sparse files as scan inputs
#   tar         the packed tarball is unpacked as a user's install
NEEDS='git:git
pre-commit:pre-commit
chromium:chromium
setpriv:util-linux
unshare:util-linux
flock:util-linux
mount:mount
mkfifo:coreutils
mknod:coreutils
truncate:coreutils
cat:coreutils
tar:tar'

missing=""
add() { case " $missing " in *" $1 "*) ;; *) missing="${missing:+$missing }$1" ;; esac; }

for pair in $NEEDS; do
  program=${pair%%:*}
  command -v "$program" >/dev/null 2>&1 || add "${pair#*:}"
done
# The SARIF validator (npm's @microsoft/sarif-multitool) is a .NET program: it loads ICU
# at run time (no ldd entry) and aborts without it. Debian names the package by ICU's version.
if ! /sbin/ldconfig -p 2>/dev/null | grep -q 'libicuuc\.so'; then
  icu=$(apt-cache search --names-only '^libicu[0-9]+$' 2>/dev/null | sed -n 's/^\(libicu[0-9]*\) .*/\1/p' | sort -V | tail -n 1)
  add "${icu:-libicu72}"
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  line="missing Debian packages the tests need: $missing (install them with apt-get as root, or run the tests as root)"
  log "$line"
  [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ] && exit 1
  exit 0
fi

log "installing $missing"
# Several test runs may start at once: wait for dpkg's lock instead of failing on it.
install() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >&2; }
install || { apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 && install; }
