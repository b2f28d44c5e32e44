#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: predicates count the same events in their straight form and through the decode loop
# requires: dtrace_syscall
#
# ASSERTION: the same predicates over the known calls of
# selftests/progs/syscalls (-c) count the same events with the straight
# forms on (dtrace_core.straight=1, the default: each predicate of the
# compiler's compare-and-branch shapes runs without the decode loop) and
# off (=0: every program through the loop), and the counts are the
# workload's: 7 getppid() calls, one read() of 1234 bytes, one write()
# of 5.  The shapes: an integer compare with $target, with a constant
# (signed and unsigned), a negated one, a thread-local alone and joined
# by &&, || decided by either term, execname and probefunc against a
# string constant.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
params=/sys/module/dtrace_core/parameters
[ -w "$params/straight" ] || dt_fail "no dtrace_core parameter straight"

cat >"$DT_TMP/p.d" <<'EOF'
syscall:::entry /pid == $target/ { self->t = 1; @all[probefunc] = count(); }
syscall:::entry /self->t/ { @tls = count(); }
syscall:::entry /self->t && probefunc == "getppid"/ { @getppid = count(); }
syscall:::entry /self->t && arg2 == 1234/ { @read1234 = count(); }
syscall:::entry /self->t && (unsigned long)arg2 > 1233/ { @big = count(); }
syscall::write:entry /execname == "syscalls" && arg2 == 5/ { @write5 = count(); }
syscall::getppid:entry /!(pid != $target)/ { @notnot = count(); }
syscall::getppid:entry /tid == 0 || pid == $target/ { @or1 = count(); }
syscall::getppid:entry /pid == $target || tid == 0/ { @or2 = count(); }
syscall::read:entry /self->t && arg2 <= -1/ { @neg = count(); }
END {
	printa("all %s %@d\n", @all);
	printa("tls %@d\n", @tls);
	printa("getppid %@d\n", @getppid);
	printa("read1234 %@d\n", @read1234);
	printa("big %@d\n", @big);
	printa("write5 %@d\n", @write5);
	printa("notnot %@d\n", @notnot);
	printa("or1 %@d\n", @or1);
	printa("or2 %@d\n", @or2);
	printa("neg %@d\n", @neg);
}
EOF

for v in 1 0; do
	echo "$v" >"$params/straight"
	st=0
	timeout 300 "$DTRACE" -q -c selftests/progs/syscalls -s "$DT_TMP/p.d" \
		>"$DT_TMP/out$v" 2>"$DT_TMP/err$v" || st=$?
	[ "$st" -eq 0 ] || {
		echo 1 >"$params/straight"
		dt_fail "straight=$v: exit status $st: $(cat "$DT_TMP/err$v")"
	}
done
echo 1 >"$params/straight"

# what the workload made, counted by each predicate
for want in 'all getppid 7' 'getppid 7' 'read1234 1' 'write5 1' 'notnot 7' \
	'or1 7' 'or2 7'; do
	grep -qxF "$want" "$DT_TMP/out1" || {
		cat "$DT_TMP/out1" >&2
		dt_fail "straight=1: no line '$want'"
	}
done
big=$(sed -n 's/^big //p' "$DT_TMP/out1")
[ "${big:-0}" -ge 1 ] || dt_fail "straight=1: no big read counted"
tls=$(sed -n 's/^tls //p' "$DT_TMP/out1")
[ "${tls:-0}" -ge 12 ] || dt_fail "straight=1: tls '$tls', want >= 12"
! grep -q '^neg ' "$DT_TMP/out1" || dt_fail "straight=1: a read of a negative size"
cmp -s "$DT_TMP/out1" "$DT_TMP/out0" ||
	dt_fail "straight=1 and straight=0 differ: $(diff "$DT_TMP/out1" "$DT_TMP/out0" | head -20)"
exit 0
