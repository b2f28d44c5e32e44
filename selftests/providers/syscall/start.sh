#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a wide enabling arms no per-call hook, a narrow one arms one per call
# requires: dtrace_syscall
#
# ASSERTION: with the module's defaults (percall_max 16), enabling
# syscall:::entry attaches no per-call function-entry hook (the module's
# read-only counter percall_attached does not move: the entry probes go
# straight to raw_syscalls:sys_enter) and still counts the workload's
# calls; enabling getppid and write attaches exactly two, and counts
# getppid 7 and write 1.  A second consumer enabling syscall:::entry
# while a first traces getppid on its hook attaches none, and the first
# keeps counting getppid (now from the tracepoint).  dtrace -l attaches
# none.  A description retained with -Z before the module is loaded is
# enabled in the running consumer when the module loads (the core calls
# the provider's start for the new probe): its one hook is attached and
# getppid is counted.
set -eu
. selftests/lib/dt.sh

dt_setup
if dt_loaded dtrace_syscall; then
	dt_wait 60 rmmod dtrace_syscall || dt_fail "rmmod dtrace_syscall failed"
fi
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
param=/sys/module/dtrace_syscall/parameters
[ -r $param/percall_attached ] ||
	dt_fail "no module parameter percall_attached"
[ "$(cat $param/percall_max)" -eq 16 ] ||
	dt_fail "percall_max is $(cat $param/percall_max), not the default 16"
prog=$PWD/selftests/progs/syscalls

attached() {
	cat $param/percall_attached
}

# after a fresh load: one hook attached
# shellcheck disable=SC2317 # runs from dt_wait
has_hook() {
	[ "$(attached)" -eq 1 ]
}

# counted WHO MIN: run the workload once more, stop the background
# consumer (dt_trace of getppid:entry) and fail unless it counted at
# least MIN calls
counted() {
	"$prog" || dt_fail "selftests/progs/syscalls failed"
	dt_trace_stop
	n=$(sed -n 's/^n //p' "$DT_TMP/out")
	[ "${n:-0}" -ge "$2" ] ||
		dt_fail "$1 counted '$n' getppid calls, expected $2 or more"
}

# run WHAT PROG: run PROG over selftests/progs/syscalls into $DT_TMP/run;
# set $delta to the hooks attached meanwhile
run() {
	_before=$(attached)
	st=0
	timeout 120 "$DTRACE" -q -c "$prog" -n "$2" >"$DT_TMP/run" \
		2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 0 ] || dt_fail "$1: exit status $st: $(cat "$DT_TMP/err")"
	delta=$(( $(attached) - _before ))
	echo "# $1: $delta hooks attached: $(tr '\n' ' ' <"$DT_TMP/run")"
}

run "syscall:::entry" 'syscall:::entry /pid == $target/ { @ = count(); }
	END { printa("n %@d\n", @); }'
[ "$delta" -eq 0 ] ||
	dt_fail "syscall:::entry attached $delta per-call hooks, expected 0"
n=$(sed -n 's/^n //p' "$DT_TMP/run")
[ "${n:-0}" -ge 13 ] ||
	dt_fail "syscall:::entry counted '$n' calls of the workload, expected 13 or more"

run "getppid and write" 'syscall::getppid:entry, syscall::write:entry
	/pid == $target/ { @[probefunc] = count(); }
	END { printa("%s %@d\n", @); }'
[ "$delta" -eq 2 ] ||
	dt_fail "getppid and write attached $delta per-call hooks, expected 2"
got=$(grep -v '^$' "$DT_TMP/run" | LC_ALL=C sort | tr '\n' ' ')
[ "$got" = "getppid 7 write 1 " ] ||
	dt_fail "getppid and write printed '$got', expected 'getppid 7 write 1'"

# the first consumer's getppid hook, then a second's syscall:::entry
before=$(attached)
dt_trace 'syscall::getppid:entry { @ = count(); } END { printa("n %@d\n", @); }'
[ $(( $(attached) - before )) -eq 1 ] ||
	dt_fail "the first consumer attached $(( $(attached) - before )) hooks, expected 1"
run "syscall:::entry over getppid" 'syscall:::entry /pid == $target/ {
		@ = count(); }
	END { printa("n %@d\n", @); }'
[ "$delta" -eq 0 ] ||
	dt_fail "syscall:::entry over getppid attached $delta per-call hooks, expected 0"
counted "the first consumer" 14
dt_check_idle "the consumers exited"

before=$(attached)
"$DTRACE" -l -n 'syscall:::entry' >/dev/null || dt_fail "dtrace -l failed"
[ "$(attached)" -eq "$before" ] || dt_fail "dtrace -l attached hooks"

# a retained description, enabled when the module loads
dt_wait 60 rmmod dtrace_syscall || dt_fail "rmmod dtrace_syscall failed"
dt_trace 'syscall::getppid:entry { @ = count(); } END { printa("n %@d\n", @); }' -Z
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
dt_wait 60 has_hook ||
	dt_fail "the retained getppid:entry attached $(attached) hooks, expected 1"
counted "the retained getppid:entry" 7
exit 0
