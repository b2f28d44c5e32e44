#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the example provider (examples/provider) loads, traces, unloads
# requires: dtrace_demo
#
# ASSERTION: dtrace_demo, built out of tree against the installed
# headers, lists demo:dtrace_demo:demo_write:write with its typed
# arguments; a write of "hello" to /proc/dtrace_demo fires it with
# args[0] = 6 and args[1] = "hello\n"; rmmod dtrace_demo fails while it
# is enabled and succeeds after, taking the provider with it.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_demo || dt_fail "modprobe dtrace_demo failed"
timeout 120 "$DTRACE" -lv -n demo:::write >"$DT_TMP/list" 2>&1 ||
	dt_fail "dtrace -lv exited $?: $(cat "$DT_TMP/list")"
grep -q 'demo *dtrace_demo *demo_write write$' "$DT_TMP/list" ||
	dt_fail "demo:::write not listed: $(cat "$DT_TMP/list")"
got=$(grep 'args\[' "$DT_TMP/list" | tr -s '\t ' ' ')
[ "$got" = " args[0]: size_t
 args[1]: const char *" ] || dt_fail "argument types: $got"

dt_trace 'demo:::write { printf("%d [%s]\n", args[0], stringof(args[1])); }'
echo hello >/proc/dtrace_demo
dt_wait 60 grep -q '^6 \[hello$' "$DT_TMP/out" ||
	dt_fail "no record of the write: $(cat "$DT_TMP/out")"
! rmmod dtrace_demo 2>/dev/null ||
	dt_fail "rmmod dtrace_demo succeeded while its probe was enabled"
dt_trace_stop
dt_wait 60 rmmod dtrace_demo 2>/dev/null ||
	dt_fail "rmmod dtrace_demo still fails with no consumer"
awk '$1 == "demo" { exit 1 }' /proc/dtrace/providers ||
	dt_fail "provider demo still registered after rmmod"
exit 0
