#!/usr/bin/env bash
# Prepares this x86-64 Debian host to run arm64 programs: Debian's qemu-user-static and debootstrap
# (installed when missing) and the kernel's binfmt_misc handler for aarch64 ELF files, so that the
# arm64 root's programs, and every process they start, run under qemu-aarch64 without naming it.
# Idempotent; needs root.
set -euo pipefail

missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user-static)
command -v update-binfmts >/dev/null || missing+=(binfmt-support)
if [ ${#missing[@]} -gt 0 ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# A container or a VM without systemd may not have mounted binfmt_misc; the package's postinst then
# registered nothing. The handler is registered with the F flag: the kernel opens qemu at
# registration, so it works inside the chroot, where no qemu binary exists.
BINFMT=/proc/sys/fs/binfmt_misc
[ -e "$BINFMT/register" ] || mount binfmt_misc -t binfmt_misc "$BINFMT"
grep -qx enabled "$BINFMT/qemu-aarch64" 2>/dev/null || update-binfmts --enable qemu-aarch64
grep -qx enabled "$BINFMT/qemu-aarch64" || { echo "arm64: could not register qemu-aarch64 with binfmt_misc" >&2; exit 1; }
