#!/bin/sh
# PostgreSQL's server binaries for the server tests (tests/server_fixtures.py starts its own throwaway
# cluster with them on a loopback port). Does nothing when Debian's server is already installed
# (/usr/lib/postgresql/<version>/bin/initdb); otherwise installs Debian's postgresql package, which needs
# root. No cluster of the package's own is made or started: the tests need none.
set -eu

for initdb in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$initdb" ]; then
        exit 0
    fi
done

if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-postgres: PostgreSQL's server (initdb in /usr/lib/postgresql/*/bin) is not installed, and only" >&2
    echo "root can install it: run 'apt-get install postgresql' as root (or run make test as root), then again." >&2
    exit 1
fi

echo "ensure-postgres: installing Debian's postgresql package for the server tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# postgresql-common first, told not to make (and start) the "main" cluster when the server is installed.
apt-get install -y -qq --no-install-recommends postgresql-common
sed -i 's/^#* *create_main_cluster *=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
apt-get install -y -qq --no-install-recommends postgresql

for initdb in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$initdb" ]; then
        exit 0
    fi
done
echo "ensure-postgres: postgresql was installed but no /usr/lib/postgresql/*/bin/initdb is there" >&2
exit 1
