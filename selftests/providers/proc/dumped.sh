#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: proc:::exit gives CLD_DUMPED for a process that dumped core, CLD_KILLED without a dump
# requires: dtrace_proc
#
# ASSERTION: a shell that sends itself SIGABRT, with core dumps allowed
# (and written to the test's scratch directory), fires proc:::exit with
# args[0] CLD_DUMPED (3); with RLIMIT_CORE 0 it dumps nothing and
# args[0] is CLD_KILLED (2).  The core_pattern is put back afterwards.
set -eu
. selftests/lib/dt.sh

dt_setup
pattern=$(cat /proc/sys/kernel/core_pattern)
trap 'printf "%s\n" "$pattern" >/proc/sys/kernel/core_pattern; dt_cleanup' EXIT
printf '%s\n' "$DT_TMP/core.%p" >/proc/sys/kernel/core_pattern
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"

# reason LIMIT: proc:::exit's args[0] for a shell aborting itself with
# RLIMIT_CORE LIMIT
reason() {
	(
		# shellcheck disable=SC3045 # dash and busybox sh have it
		ulimit -c "$1"
		timeout 120 "$DTRACE" -q -c "sh -c 'kill -ABRT \$\$'" -n '
			proc:::exit /pid == $target/ { printf("%d\n", args[0]); }' \
			2>"$DT_TMP/err"
	) || dt_fail "dtrace failed: $(cat "$DT_TMP/err")"
}
got=$(reason unlimited)
[ "$got" = 3 ] || dt_fail "with core dumps: '$got', expected 3 (CLD_DUMPED)"
ls "$DT_TMP"/core.* >/dev/null 2>&1 || dt_fail "no core file was written"
got=$(reason 0)
[ "$got" = 2 ] || dt_fail "without core dumps: '$got', expected 2 (CLD_KILLED)"
exit 0
