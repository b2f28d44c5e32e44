#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: count() keyed by one built-in variable, counted by the ECB loop, counts what a clause does
#
# ASSERTION: a clause `{ @[KEY] = count(); }` whose one key is a built-in
# variable read without a machine state (execname, probefunc, probemod,
# probename, probeprov, pid, tid, uid, gid, cpu) is counted by the
# core's ECB loop through each CPU's cached entry of the aggregation
# (probe_ctx.c, dtrace_ecb_count_direct(); agg_ctx.c,
# dtrace_agg_lookup_var()) unless dtrace_core.aggfast=0.  Each such
# clause counts, key by key, exactly what the same clause through the
# general path (`/1/ { ... }`) counts on the same probes: while the
# key's value changes between firings (execname across exec and
# prctl(PR_SET_NAME) of the same task, probefunc across every system
# call), while the consumer takes a snapshot every 10 ms (each switches
# the buffers: a cached entry never outlives its buffer) and clear()s
# and trunc()s aggregations mid-run, on both CPUs, and with strings cut
# short by strsize.  With the smallest aggsize the new keys that do not
# fit are reported as aggregation drops.  Both with aggfast=1 and 0.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
params=/sys/module/dtrace_core/parameters
[ -w "$params/aggfast" ] || dt_fail "no dtrace_core parameter aggfast"
for p in syscalls tprename; do
	[ -x "selftests/progs/$p" ] ||
		dt_skip "selftests/progs/$p not built (make -C selftests progs)"
done

# The workload: one task renamed (prctl) and exec'd again and again,
# its children on either CPU; last, selftests/progs/syscalls' 7
# getppid() calls.
cat >"$DT_TMP/work.sh" <<'EOF'
#!/bin/sh
i=0
while [ "$i" -lt 12 ]; do
	selftests/progs/tprename "kd$i" >/dev/null
	i=$((i + 1))
done
exec selftests/progs/syscalls
EOF
chmod +x "$DT_TMP/work.sh"

# Pairs: NAME KEY PROBES, counted as @NAMEf (direct) and @NAMEg (/1/).
pairs='e execname syscall:::entry
f probefunc syscall:::entry
p pid syscall:::entry
t tid syscall:::entry
c cpu syscall:::entry
n probename syscall::getppid:,syscall::read:,syscall::execve:
m probemod syscall::getppid:,syscall::read:,syscall::execve:
v probeprov syscall::getppid:,syscall::read:,syscall::execve:
u uid syscall::getppid:,syscall::read:,syscall::execve:
g gid syscall::getppid:,syscall::read:,syscall::execve:
x execname profile-997'

# script FILE: the pairs' clauses, a tick that clears @e* and truncates
# @t* (both of a pair at once), and an END that prints every pair.
script() {
	echo "$pairs" | while read -r a key probes; do
		echo "$probes { @${a}f[$key] = count(); }"
		echo "$probes /1/ { @${a}g[$key] = count(); }"
	done
	echo 'tick-30ms { clear(@ef); clear(@eg); trunc(@tf); trunc(@tg); }'
	echo 'END {'
	echo "$pairs" | while read -r a key probes; do
		case $key in
		exec* | probe*) fmt=%s ;;
		*) fmt=%d ;;
		esac
		for s in f g; do
			printf 'printa("%s|%s|%%@d\\n", @%s);\n' \
				"$a$s" "$fmt" "$a$s"
		done
	done
	echo '}'
}
script >"$DT_TMP/keys.d"

# same OUT A: @Af and @Ag hold the same keys with the same counts
same() {
	grep "^${2}f|" "$1" | cut -d'|' -f2- | sort >"$DT_TMP/f"
	grep "^${2}g|" "$1" | cut -d'|' -f2- | sort >"$DT_TMP/g"
	cmp -s "$DT_TMP/f" "$DT_TMP/g" ||
		dt_fail "aggfast=$v: @${2}f and @${2}g differ: $(diff "$DT_TMP/f" "$DT_TMP/g" | head -20)"
	[ -s "$DT_TMP/f" ] || [ "$2" = t ] ||
		dt_fail "aggfast=$v: @${2}f is empty: $(cat "$1")"
}

# run NAME ARGS...: dtrace -q ARGS with the workload; exit 0 or fail
run() {
	_n=$1
	shift
	_st=0
	timeout 300 "$DTRACE" -q "$@" -c "$DT_TMP/work.sh" \
		>"$DT_TMP/$_n.out" 2>"$DT_TMP/$_n.err" || _st=$?
	[ "$_st" -eq 0 ] ||
		dt_fail "aggfast=$v: $_n: exit $_st: $(cat "$DT_TMP/$_n.err")"
}

for v in 1 0; do
	echo "$v" >"$params/aggfast"

	run keys -x aggrate=10ms -s "$DT_TMP/keys.d"
	out=$DT_TMP/keys.out
	for a in e f p t c n m v u g x; do
		same "$out" "$a"
	done
	n=$(awk -F'|' '$1 == "ff" && $2 == "getppid" { print $3 }' "$out")
	[ -n "$n" ] && [ "$n" -ge 7 ] ||
		dt_fail "aggfast=$v: getppid counted '$n', fewer than 7"
	grep -q '^ef|syscalls|' "$out" && grep -q '^ef|kd11|' "$out" ||
		dt_fail "aggfast=$v: execname syscalls or kd11 missing: $(grep '^ef|' "$out")"

	# strings cut by strsize: "getppid" is cut short in both
	run short -x strsize=5 -x aggrate=10ms \
		-n 'syscall:::entry { @ff[probefunc] = count(); }' \
		-n 'syscall:::entry /1/ { @fg[probefunc] = count(); }' \
		-n 'syscall:::entry { @ef[execname] = count(); }' \
		-n 'syscall:::entry /1/ { @eg[execname] = count(); }' \
		-n 'END { printa("ff|%s|%@d\n", @ff); printa("fg|%s|%@d\n", @fg);
			printa("ef|%s|%@d\n", @ef); printa("eg|%s|%@d\n", @eg); }'
	same "$DT_TMP/short.out" f
	same "$DT_TMP/short.out" e
	grep -Eq '^ff\|getpp?\|' "$DT_TMP/short.out" ||
		dt_fail "aggfast=$v: getppid not cut short by strsize=5: $(cat "$DT_TMP/short.out")"

	# a full buffer: the new keys that do not fit are drops
	run drops -x aggsize=4k -x aggrate=30s \
		-n 'syscall:::entry { @[probefunc] = count(); }'
	grep -Eq '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' \
		"$DT_TMP/drops.err" ||
		dt_fail "aggfast=$v: no aggregation drops reported: $(cat "$DT_TMP/drops.err")"
done
echo 1 >"$params/aggfast"
exit 0
