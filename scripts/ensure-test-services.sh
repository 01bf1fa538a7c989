#!/usr/bin/env bash
# Makes sure what `npm test` needs is on this machine: Debian's chromium for the browser
# scenarios, osmium-tool for the OSM extract fixtures and a running local PostgreSQL for the PostgreSQL half of the suite.
# Idempotent and quick when everything is already there.
set -euo pipefail

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-test-services: installing Debian's chromium for the browser tests"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The places tests convert their .osm fixtures to .osm.pbf with osmium, so both the XML
# and the PBF reader of `npm run places:load` are exercised.
if ! command -v osmium >/dev/null 2>&1; then
  echo "ensure-test-services: installing Debian's osmium-tool for the OSM extract tests"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq osmium-tool >/dev/null
fi

if [ -z "${TEST_POSTGRES_URL:-}" ] && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "ensure-test-services: starting the local PostgreSQL cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi
