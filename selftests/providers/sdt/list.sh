#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the sites of a driver are listed as provider:module:function:name
# requires: dtrace_sdt
#
# ASSERTION: helloworld.ko loaded after dtrace_sdt, and loaded before
# it, lists exactly its four sites, "__" in names shown as "-"; after
# rmmod helloworld its probes are gone and the provider with them.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

want="hello:helloworld:hello_read:read
hello:helloworld:hello_read:read-done
hello:helloworld:hello_write:write
hello:helloworld:hello_write:write-toolong"

dt_setup
sdt_load dtrace_sdt helloworld
got=$(sdt_list 'hello:::')
[ "$got" = "$want" ] || dt_fail "loaded after dtrace_sdt, lists: $got"

rmmod helloworld || dt_fail "rmmod helloworld failed"
got=$(sdt_list 'hello:::')
[ -z "$got" ] || dt_fail "after rmmod helloworld, still lists: $got"
awk '$1 == "hello" { exit 1 }' /proc/dtrace/providers ||
	dt_fail "provider hello still registered after its module left"

rmmod dtrace_sdt || dt_fail "rmmod dtrace_sdt failed"
sdt_load helloworld dtrace_sdt
got=$(sdt_list 'hello:::')
[ "$got" = "$want" ] || dt_fail "loaded before dtrace_sdt, lists: $got"
exit 0
