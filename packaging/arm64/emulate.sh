#!/bin/sh
# Runs an arm64 program of the one-file build on this x86-64 host, as on a Raspberry Pi 3:
# `packaging/arm64/emulate.sh dist/larder-linux-arm64 serve`. The smoke test's --prefix.
#
# qemu-aarch64 emulates a Cortex-A53 (Armv8.0-A, the Pi 3 and Zero 2 W; the Pi 4's A72 has the same
# instructions), and takes glibc and the loader from the arm64 root (QEMU_LD_PREFIX). Both settings
# are in the environment, so the worker processes the binary starts (through binfmt_misc) get them too.
#
# Under qemu-user the program reads the host's /sys, which lists x86 CPUs; the cpuinfo library inside
# onnxruntime crashes on that (SIGSEGV as it loads; on a Pi /sys describes the Pi's own cores). The
# program runs in a mount namespace of its own where /sys/devices/system/cpu is empty: cpuinfo then
# reports the CPU list unreadable, and onnxruntime warns and carries on.
set -e
here=$(cd "$(dirname "$0")" && pwd)
export QEMU_LD_PREFIX="${QEMU_LD_PREFIX:-$here/../../build/arm64/root}"
export QEMU_CPU="${QEMU_CPU:-cortex-a53}"
test -x "$QEMU_LD_PREFIX/lib/ld-linux-aarch64.so.1" || { echo "emulate: no arm64 root at $QEMU_LD_PREFIX (make binary-arm64)" >&2; exit 1; }
exec unshare --mount -- /bin/sh -c 'mount -t tmpfs none /sys/devices/system/cpu && exec qemu-aarch64-static "$@"' sh "$@"
