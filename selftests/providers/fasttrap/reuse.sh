#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a pid provider left from an exited process gives way to the next process of that pid
# requires: dtrace_fasttrap
#
# ASSERTION: consumer A traces pid<P>:a.out:ut_add:entry of utarget -n 5
# (process P, started waiting), which runs and exits while A keeps the
# provider pid<P> enabled.  A new utarget -n 7 is then given the same
# pid P (through /proc/sys/kernel/ns_last_pid): dtrace -p P traces its
# ut_add and its USDT probe tick, 7 times each, where the leftover
# provider made creating the probes fail with EEXIST.  A, stopped after,
# counted the first process's 5 calls alone; "dtrace -l" lists one
# pid<P> probe only while both run.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

LASTPID=/proc/sys/kernel/ns_last_pid

ft_setup
[ -w "$LASTPID" ] || dt_skip "no $LASTPID (CONFIG_CHECKPOINT_RESTORE)"
"$UT" -n 5 -w "$DT_TMP/go" >"$DT_TMP/target" &
P=$!
ft_wait_exec "$P"
dt_trace "pid$P:a.out:ut_add:entry { @ = count(); }
	END { printa(\"first %@d\\n\", @); }"
touch "$DT_TMP/go"
wait "$P" || dt_fail "first target failed: $(cat "$DT_TMP/target")"
rm "$DT_TMP/go"
grep -q "^pid$P " /proc/dtrace/providers ||
	dt_fail "pid$P not left behind: $(cat /proc/dtrace/providers)"

# The next fork gets pid P; another process may take it first: retry.
for _ in 1 2 3 4 5; do
	echo $((P - 1)) >"$LASTPID"
	"$UT" -n 7 -w "$DT_TMP/go" >"$DT_TMP/target2" &
	Q=$!
	[ "$Q" -ne "$P" ] || break
	kill "$Q"
	wait "$Q" 2>/dev/null || true
done
[ "$Q" -eq "$P" ] || dt_skip "could not get pid $P again"
ft_wait_exec "$Q"

timeout 120 "$DTRACE" -q -p "$Q" -n 'BEGIN { printf("go\n"); }
	pid$target:a.out:ut_add:entry { @a = count(); }
	utest$target:::tick { @u = count(); }
	END { printa("a %@d\n", @a); printa("u %@d\n", @u); }' \
	>"$DT_TMP/out2" 2>&1 &
second=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out2" ||
	dt_fail "second consumer did not start: $(cat "$DT_TMP/out2")"
n=$(timeout 120 "$DTRACE" -l -n "pid$P:a.out:ut_add:entry" | grep -c " pid$P ") ||
	true
[ "$n" -eq 1 ] || dt_fail "$n probes pid$P:a.out:ut_add:entry listed"
touch "$DT_TMP/go"
st=0
dt_wait_pid "$second" 120 || st=$?
[ "$st" -eq 0 ] || dt_fail "second consumer exited $st: $(cat "$DT_TMP/out2")"
grep -q '^a 7$' "$DT_TMP/out2" && grep -q '^u 7$' "$DT_TMP/out2" ||
	dt_fail "second consumer: $(cat "$DT_TMP/out2")"
wait "$Q" || dt_fail "second target failed: $(cat "$DT_TMP/target2")"

dt_trace_stop
ft_expect '^first 5$'
dt_wait 60 ft_no_sites || dt_fail "user probes left: $(cat /proc/dtrace/fasttrap)"
exit 0
