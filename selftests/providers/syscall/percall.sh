#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: per-call entry hooks fire as the raw_syscalls tracepoint does
# requires: dtrace_syscall
#
# ASSERTION: the same entry probes (openat, read and write of
# selftests/progs/syscalls, with their arguments) print the same lines
# whether each call gets its own function-entry hook on __x64_sys_NAME
# (the module parameter percall_max at 16, its default), the tracepoint
# serves them all (percall_max 0), or the enabling goes past
# percall_max and the tracepoint serves them all (percall_max 1).
# While the hooks serve them, ftrace's list of traced functions
# (tracefs enabled_functions) shows __x64_sys_read; with percall_max 0
# it shows no __x64_sys_ function, and neither does the kernel's kprobe
# list (debugfs): no kprobe of ours is left registered.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
param=/sys/module/dtrace_syscall/parameters/percall_max
[ -w "$param" ] || dt_fail "no writable module parameter percall_max"

dt_mount_debug
list=/sys/kernel/tracing/enabled_functions
kprobes=/sys/kernel/debug/kprobes/list

prog='
	syscall::openat:entry /pid == $target/ {
		printf("E openat %d %s %d\n", (int)arg0, copyinstr(arg1), arg2);
	}
	syscall::read:entry, syscall::write:entry /pid == $target/ {
		printf("E %s %d %d\n", probefunc, (int)arg0, arg2);
	}'

# run MAX: the lines the workload's own calls print with percall_max MAX
# in $DT_TMP/out.MAX; ftrace's and the kprobe list while dtrace ran in
# $DT_TMP/ft.MAX and $DT_TMP/kp.MAX
run() {
	echo "$1" >"$param"
	printf '#!/bin/sh\ncat %s >%s 2>/dev/null\ncat %s >%s 2>/dev/null\nexec %s\n' \
		"$list" "$DT_TMP/ft.$1" "$kprobes" "$DT_TMP/kp.$1" \
		"$PWD/selftests/progs/syscalls" >"$DT_TMP/wrap"
	chmod +x "$DT_TMP/wrap"
	st=0
	timeout 120 "$DTRACE" -q -c "$DT_TMP/wrap" -n "$prog" \
		>"$DT_TMP/raw.$1" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 0 ] || dt_fail "percall_max $1: exit status $st: $(cat "$DT_TMP/err")"
	grep -xF -e 'E openat -100 /dev/zero 0' -e 'E read 3 1234' \
		-e 'E openat -100 /nonexistent/dtrace-syscall 0' \
		-e 'E write -1 5' "$DT_TMP/raw.$1" >"$DT_TMP/out.$1" || true
}

run 16
run 0
run 1
want='E openat -100 /dev/zero 0
E read 3 1234
E openat -100 /nonexistent/dtrace-syscall 0
E write -1 5'
for m in 16 0 1; do
	[ "$(cat "$DT_TMP/out.$m")" = "$want" ] || {
		cat "$DT_TMP/raw.$m" >&2
		dt_fail "percall_max $m printed '$(cat "$DT_TMP/out.$m")', expected '$want'"
	}
done

if [ -r "$list" ]; then
	grep -q '^__x64_sys_read ' "$DT_TMP/ft.16" ||
		dt_fail "percall_max 16: ftrace does not trace __x64_sys_read: $(cat "$DT_TMP/ft.16")"
	! grep -q '^__x64_sys_' "$DT_TMP/ft.0" ||
		dt_fail "percall_max 0: ftrace traces $(grep '^__x64_sys_' "$DT_TMP/ft.0")"
else
	echo "# no tracefs enabled_functions: which hook served was not checked"
fi
if [ -r "$kprobes" ]; then
	! grep -q '__x64_sys_' "$DT_TMP/kp.16" "$DT_TMP/kp.0" ||
		dt_fail "kprobes left: $(cat "$DT_TMP/kp.16" "$DT_TMP/kp.0")"
fi
exit 0
