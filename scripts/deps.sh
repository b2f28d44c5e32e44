#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install, from Debian's packages, what building dtrace and running its
# tests in a QEMU guest need.  Idempotent: when everything is installed it
# only asks dpkg and returns.  KVER=REL selects a kernel release other
# than the newest linux-image-amd64 / linux-headers-amd64.  dwarves
# (pahole) is for the module BTF that 6.12 headers build; clang and
# libclang-rt-dev build the libFuzzer parser target (scripts/fuzz.sh);
# dkms is for make check-dkms, strace for a pid provider test; gawk,
# netcat, the 32-bit compiler and <sys/sdt.h> for the conformance suite
# (its scripts and triggers); libcapstone-dev for the pid provider's
# instruction probes (dtrace decodes a function to find them); linux-source-6.1 (checkpatch.pl,
# kernel-doc), sparse and shellcheck for make lint, and with bc and
# libssl-dev for make check-debug's kernel.
set -eu

pkgs="build-essential bison flex libelf-dev zlib1g-dev pkg-config
	kmod cpio xz-utils zstd busybox-static qemu-system-x86 coreutils
	util-linux procps diffutils dwarves clang libclang-rt-dev liblzma-dev
	dkms strace gawk netcat-openbsd systemtap-sdt-dev gcc-multilib
	libcapstone-dev
	linux-source-6.1 sparse shellcheck bc libssl-dev"
if [ -n "${KVER:-}" ]; then
	pkgs="$pkgs linux-image-$KVER linux-headers-$KVER"
else
	pkgs="$pkgs linux-image-amd64 linux-headers-amd64"
fi

missing=
for p in $pkgs; do
	st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
	case $st in
	ii*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages:$missing (run as root to install)" >&2
	exit 1
fi
echo "deps.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# Try with the package lists we have; refresh them only if that fails
# (a fresh machine has none, an old one may name superseded versions).
# shellcheck disable=SC2086
if ! apt-get install -y --no-install-recommends $missing; then
	apt-get update
	apt-get install -y --no-install-recommends $missing
fi
