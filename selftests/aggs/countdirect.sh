#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: `@ = count()` counted by the ECB loop counts what a clause does
#
# ASSERTION: a clause `{ @ = count(); }` (no predicate, no key) is
# counted by the core's ECB loop itself, with no machine state, unless
# dtrace_core.aggfast=0 (probe_ctx.c, dtrace_ecb_count_direct()).  On
# one probe, such clauses count exactly the firings that a clause
# through the general path (`/1/ { @ = count(); }`) counts, whether
# they come before or after it; and a clause after one of them that
# reads the arguments (the machine state made lazily, at the first
# clause that needs it) reads the right ones: selftests/progs/syscalls
# makes 7 getppid() calls and one read() of 1234 bytes.  Both with
# aggfast=1 and aggfast=0.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
params=/sys/module/dtrace_core/parameters
[ -w "$params/aggfast" ] || dt_fail "no dtrace_core parameter aggfast"
prog=selftests/progs/syscalls
[ -x "$prog" ] || dt_skip "$prog not built (make -C selftests progs)"

cat >"$DT_TMP/count.d" <<'EOF'
syscall::getppid:entry { @a = count(); }
syscall::getppid:entry /pid == $target/ { @t = count(); }
syscall::getppid:entry { @x = count(); }
syscall::getppid:entry /1/ { @b = count(); }
syscall::read:entry { @r = count(); }
syscall::read:entry /pid == $target && arg2 == 1234/ { @s = sum(arg2); }
syscall::read:entry /1/ { @rb = count(); }
END
{
	printa("a %@d\n", @a);
	printa("x %@d\n", @x);
	printa("b %@d\n", @b);
	printa("t %@d\n", @t);
	printa("r %@d\n", @r);
	printa("rb %@d\n", @rb);
	printa("s %@d\n", @s);
}
EOF

# val FILE NAME: the value printed for NAME
val() {
	awk -v n="$2" '$1 == n { print $2 }' "$1"
}

for v in 1 0; do
	echo "$v" >"$params/aggfast"
	out=$DT_TMP/out$v
	st=0
	timeout 300 "$DTRACE" -q -s "$DT_TMP/count.d" -c "$prog" \
		>"$out" 2>"$DT_TMP/err$v" || st=$?
	[ "$st" -eq 0 ] ||
		dt_fail "aggfast=$v: exit $st: $(cat "$DT_TMP/err$v")"
	a=$(val "$out" a) x=$(val "$out" x) b=$(val "$out" b)
	r=$(val "$out" r) rb=$(val "$out" rb)
	[ -n "$a" ] && [ "$a" = "$b" ] && [ "$x" = "$b" ] ||
		dt_fail "aggfast=$v: getppid counts a=$a x=$x b=$b: $(cat "$out")"
	[ -n "$r" ] && [ "$r" = "$rb" ] ||
		dt_fail "aggfast=$v: read counts r=$r rb=$rb: $(cat "$out")"
	[ "$(val "$out" t)" = 7 ] ||
		dt_fail "aggfast=$v: $prog's getppid() calls: $(val "$out" t), not 7"
	[ "$(val "$out" s)" = 1234 ] ||
		dt_fail "aggfast=$v: arg2 of $prog's read(): $(val "$out" s), not 1234"
	[ "$a" -ge 7 ] || dt_fail "aggfast=$v: a=$a, fewer than $prog's 7"
done
echo 1 >"$params/aggfast"
exit 0
