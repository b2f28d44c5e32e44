#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: sdt probes fire once per site execution, with their arguments
# requires: dtrace_sdt dtrace_profile
#
# ASSERTION: 25 reads of /proc/helloworld by dd fire hello:::read 25
# times for execname "dd", and read-done with arg0 = 14 (the length of
# "Hello, world!\n") 25 times; a write of "abcde" fires hello:::write
# with args[0] = 5 and the typed string args[1] = "abcde", args[2] the
# previous message; a write of 100 bytes fires write-toolong with 100, 64.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt helloworld
dt_trace 'hello:::read { @reads[execname] = count(); }
	hello:::read-done { @done[arg0] = count(); }
	hello:::write { printf("write %d [%s] [%s]\n", args[0],
		stringof(args[1]), stringof(args[2])); }
	hello:::write-toolong { printf("toolong %d %d\n", arg0, arg1); }'
i=0
while [ $i -lt 25 ]; do
	sdt_read /proc/helloworld
	i=$((i + 1))
done
printf abcde >/proc/helloworld
head -c 100 /dev/zero | tr '\0' x >/proc/helloworld 2>/dev/null || true
dt_trace_stop

grep -q '^write 5 \[abcde\] \[Hello, world!$' "$DT_TMP/out" ||
	dt_fail "no write record with 5 [abcde]: $(cat "$DT_TMP/out")"
grep -q '^toolong 100 64$' "$DT_TMP/out" ||
	dt_fail "no write-toolong record: $(cat "$DT_TMP/out")"
awk '$1 == "dd" && $2 == 25 { ok = 1 } END { exit !ok }' "$DT_TMP/out" ||
	dt_fail "hello:::read did not count 25 for dd: $(cat "$DT_TMP/out")"
awk '$1 == 14 && $2 == 25 { ok = 1 } END { exit !ok }' "$DT_TMP/out" ||
	dt_fail "read-done did not count 25 returns of 14: $(cat "$DT_TMP/out")"
exit 0
