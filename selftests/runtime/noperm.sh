#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a user without CAP_SYS_ADMIN is refused with a clear message
# requires: dtrace_profile
#
# ASSERTION: /dev/dtrace and /dev/dtrace_fasttrap are mode 0600, owned
# by root; dtrace run as an unprivileged user (uid 65534), and as root
# without CAP_SYS_ADMIN, exits 1 saying it needs CAP_SYS_ADMIN, and
# enables nothing.
set -eu
. selftests/lib/dt.sh

dt_setup
command -v setpriv >/dev/null || dt_skip "no setpriv"
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
dt_modprobe dtrace_fasttrap || dt_fail "modprobe dtrace_fasttrap failed"
for dev in /dev/dtrace /dev/dtrace_fasttrap; do
	[ "$(stat -c '%a %U' "$dev")" = "600 root" ] ||
		dt_fail "$dev is $(stat -c '%a %U' "$dev")"
done
for how in "--reuid=65534 --regid=65534 --clear-groups" \
	   "--inh-caps=-sys_admin --bounding-set=-sys_admin"; do
	st=0
	# shellcheck disable=SC2086
	setpriv $how "$DTRACE" -n 'tick-1s { exit(0); }' >"$DT_TMP/out" 2>&1 ||
		st=$?
	[ "$st" -eq 1 ] || dt_fail "setpriv $how: exit $st: $(cat "$DT_TMP/out")"
	grep -q 'requires additional privileges: CAP_SYS_ADMIN' "$DT_TMP/out" ||
		dt_fail "setpriv $how: $(cat "$DT_TMP/out")"
done
[ "$(dt_enabled profile)" = 0 ] || dt_fail "enabled: $(cat /proc/dtrace/providers)"
exit 0
