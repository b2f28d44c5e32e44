#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: two modules may use one provider name
# requires: dtrace_sdt
#
# ASSERTION: with helloworld and hellotwo loaded, hello:::read lists a
# probe in each and counts the reads of each file under its module;
# rmmod hellotwo leaves helloworld's probes (and the provider); rmmod
# helloworld then removes the provider.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt helloworld hellotwo
want="hello:hellotwo:two_read:read
hello:helloworld:hello_read:read"
[ "$(sdt_list hello:::read)" = "$want" ] ||
	dt_fail "hello:::read lists: $(sdt_list hello:::read)"

dt_trace 'hello:::read { @[probemod] = count(); }'
for _ in 1 2 3; do sdt_read /proc/helloworld; done
for _ in 1 2 3 4 5; do sdt_read /proc/hellotwo; done
dt_trace_stop
awk '$1 == "helloworld" && $2 == 3 { a = 1 } $1 == "hellotwo" && $2 == 5 { b = 1 }
     END { exit !(a && b) }' "$DT_TMP/out" ||
	dt_fail "reads not counted 3 and 5 by module: $(cat "$DT_TMP/out")"

dt_wait 60 rmmod hellotwo 2>/dev/null || dt_fail "rmmod hellotwo failed"
[ "$(sdt_list hello:::read)" = "hello:helloworld:hello_read:read" ] ||
	dt_fail "after rmmod hellotwo, hello:::read lists: $(sdt_list hello:::read)"
[ "$(sdt_list 'hello:::' | wc -l)" -eq 4 ] ||
	dt_fail "after rmmod hellotwo, helloworld lists: $(sdt_list 'hello:::')"
dt_wait 60 rmmod helloworld 2>/dev/null || dt_fail "rmmod helloworld failed"
awk '$1 == "hello" { exit 1 }' /proc/dtrace/providers ||
	dt_fail "provider hello still registered with no module using it"
exit 0
