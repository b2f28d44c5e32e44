#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: every /proc/dtrace file is root only (0400)
# requires: dtrace_fasttrap
#
# ASSERTION: with dtrace_core and dtrace_fasttrap loaded, /proc/dtrace
# holds at least providers, consumers, ecbs, buffers, memory, trace and
# fasttrap, and every file in it is mode 0400, owned by root: what
# they show (traced pids, inodes and offsets of user probes, consumers'
# processes) is for root.  An unprivileged user (uid 65534) can read
# none of them.
set -eu
. selftests/lib/dt.sh

dt_setup
command -v setpriv >/dev/null || dt_skip "no setpriv"
dt_modprobe dtrace_fasttrap || dt_fail "modprobe dtrace_fasttrap failed"
for f in providers consumers ecbs buffers memory trace fasttrap; do
	[ -e "/proc/dtrace/$f" ] || dt_fail "no /proc/dtrace/$f"
done
n=0
for f in /proc/dtrace/*; do
	n=$((n + 1))
	[ "$(stat -c '%a %U' "$f")" = "400 root" ] ||
		dt_fail "$f is $(stat -c '%a %U' "$f")"
	cat "$f" >/dev/null || dt_fail "root cannot read $f"
	! setpriv --reuid=65534 --regid=65534 --clear-groups cat "$f" \
		>/dev/null 2>&1 || dt_fail "uid 65534 can read $f"
done
[ "$n" -ge 7 ] || dt_fail "only $n files in /proc/dtrace"
exit 0
