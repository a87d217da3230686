#!/bin/sh
# Debian's Chromium for the browser tests (Playwright drives it by its path, /usr/bin/chromium: Playwright's own
# browser download is not possible here). Does nothing when it is already installed; otherwise installs Debian's
# chromium package (and a font), which needs root.
set -eu

if [ -x /usr/bin/chromium ]; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-chromium: Chromium (/usr/bin/chromium) is not installed, and only root can install it:" >&2
    echo "run 'apt-get install chromium' as root (or run make test as root), then again." >&2
    exit 1
fi

echo "ensure-chromium: installing Debian's chromium package for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation

if [ -x /usr/bin/chromium ]; then
    exit 0
fi
echo "ensure-chromium: chromium was installed but /usr/bin/chromium is not there" >&2
exit 1
