#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make demo": build for KVER, boot Debian's kernel in QEMU, load the
# profile, syscall and proc providers (dtrace_core comes with them), run
# scripts/demo.d while a shell loop runs a few commands, print what it
# prints; unload the modules.  Fails if the script fails or the guest's
# kernel log shows a bug (scripts/vm/check-dmesg.sh).
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
	for m in dtrace_profile dtrace_syscall dtrace_proc; do
		modprobe -d "$1" $m
	done
	(while :; do ls / >/dev/null; cat /etc/hostname >/dev/null
		sleep 0.5; done) &
	st=0
	userland/dtrace -s scripts/demo.d || st=$?
	kill $!
	rmmod dtrace_proc dtrace_syscall dtrace_profile dtrace_core
	exit $st' demo "$modroot"
