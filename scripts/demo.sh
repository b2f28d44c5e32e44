#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make demo": build for KVER, boot Debian's kernel in QEMU, load
# dtrace_profile (dtrace_core comes with it), run scripts/demo.d while
# "yes" keeps a CPU busy, print what it prints; unload the modules.  Fails if the script fails or
# the guest's kernel log shows a bug (scripts/vm/check-dmesg.sh).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
KVER=$(scripts/kver.sh)
export KVER
echo "demo: building for $KVER" >&2
scripts/build.sh
modroot=$top/.vm/modroot-$KVER

echo "demo: booting $KVER in QEMU (TCG), running scripts/demo.d" >&2
# shellcheck disable=SC2016
scripts/vm/run.sh --timeout 600 -- sh -c '
	set -e
	modprobe -d "$1" dtrace_profile
	yes >/dev/null &
	st=0
	userland/dtrace -s scripts/demo.d || st=$?
	kill $!
	rmmod dtrace_profile dtrace_core
	exit $st' demo "$modroot"
