#!/usr/bin/env bash
# Builds dist/larder-linux-arm64, the one-file binary for a 64-bit Raspberry Pi, on this x86-64 host.
#
# PyInstaller cannot cross-compile: it freezes the interpreter it runs in, with the native libraries
# that interpreter loads. So it runs inside an arm64 Debian 12 (bookworm) root made by debootstrap,
# every arm64 program in it emulated by qemu-aarch64 (host.sh). The root holds Debian's Python 3.11
# and a virtualenv with requirements.lock installed from PyPI's aarch64 wheels; the app's source and
# the web app built on the host (it does not depend on the CPU) are copied in, and the same
# packaging/larder.spec runs there. Bookworm's glibc (2.36) is the oldest the binary runs on.
#
# The root (build/arm64/root, 1.5 GB) is made once and reused; `rm -rf build/arm64` starts afresh
# (and picks up Debian's newest security updates). Needs root; see packaging/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROOT=build/arm64/root
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
READY=$ROOT/.larder-root-ready
OUT=dist/larder-linux-arm64

test -f src/larder/static/web/index.html || { echo "arm64: build the web app first (make setup)" >&2; exit 1; }
packaging/arm64/host.sh

# Runs a command inside the root as a clean login (none of the host's variables), with /proc and
# /dev mounted in a mount namespace of its own: the mounts vanish with the command, so no mount is
# ever left under build/ for `make clean` to walk into. The host's CA bundle is offered for PyPI,
# so HTTPS goes out the way it does on the host (including through a TLS-inspecting proxy).
in_root() {
	cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/host-ca-certificates.crt"
	# shellcheck disable=SC2016 # the inner shell expands $0 and $@
	unshare --mount -- /bin/sh -c 'mount -t proc proc "$0/proc" && mount --rbind /dev "$0/dev" && exec chroot "$0" "$@"' \
		"$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH=/opt/venv/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		DEBIAN_FRONTEND=noninteractive SSL_CERT_FILE=/etc/host-ca-certificates.crt \
		PIP_CERT=/etc/host-ca-certificates.crt "$@"
}

if [ ! -f "$READY" ]; then
	# A root without the marker is a debootstrap that was interrupted: start it again from nothing.
	rm -rf "$ROOT"
	mkdir -p "$ROOT"
	# libpython3.11: PyInstaller bundles the shared libpython (Debian's python3 links it statically).
	# binutils: the spec strips the native libraries with `strip`.
	debootstrap --arch=arm64 --variant=minbase \
		--include=python3,python3-venv,libpython3.11,binutils,ca-certificates \
		"$SUITE" "$ROOT" "$MIRROR"
	# debootstrap installs the release as published; the binary carries this root's libpython,
	# OpenSSL, SQLite, expat and zlib, so take them with Debian's security fixes.
	cat >"$ROOT/etc/apt/sources.list" <<-SOURCES
		deb $MIRROR $SUITE main
		deb $MIRROR $SUITE-updates main
		deb http://deb.debian.org/debian-security $SUITE-security main
	SOURCES
	in_root apt-get update -qq
	in_root apt-get -y -qq dist-upgrade
	in_root apt-get clean
	in_root python3 -m venv /opt/venv
	touch "$READY"
fi

# The locked set, as on x86-64 (`uv pip sync`: exactly the lock, also after it changed).
# Debian 12's Python is 3.11.2; soupsieve 4 asks for 3.11.5 for upstream's fixes to possessive
# quantifiers in `re` (gh-106052), which Debian backported into 3.11.2-6+deb12u9. Every other
# locked package accepts 3.11.2, so the resolver is told 3.11.5 once that fix is seen to be there.
grep -q gh-106052 <(zcat "$ROOT/usr/share/doc/python3.11/changelog.Debian.gz") ||
	{ echo "arm64: Debian's python3.11 lacks the re fix (gh-106052) soupsieve needs" >&2; exit 1; }
cp requirements.lock "$ROOT/opt/requirements.lock"
in_root pip install --quiet --disable-pip-version-check uv==0.13.8
in_root uv pip sync --quiet --python-version 3.11.5 -p /opt/venv/bin/python /opt/requirements.lock

# The app as the spec reads it: src/ (with the built web app) and packaging/, copied afresh so that
# no file deleted on the host lingers in the root.
rm -rf "$ROOT/opt/larder"
mkdir -p "$ROOT/opt/larder"
tar -c --exclude=__pycache__ --exclude='*.pyc' src packaging | tar -x -C "$ROOT/opt/larder"

# As `make binary`, with the source on the path (the x86-64 venv has it installed editable).
in_root /bin/sh -c 'cd /opt/larder && PYTHONPATH=/opt/larder/src exec pyinstaller --noconfirm --clean \
	--log-level WARN --distpath /opt/dist --workpath /opt/pyinstaller packaging/larder.spec'

mkdir -p dist
cp "$ROOT/opt/dist/larder" "$OUT"
echo "arm64: $OUT ($(du -m "$OUT" | cut -f1) MB)"
