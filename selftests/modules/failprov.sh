#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a provider whose enable fails leaves nothing half-enabled
# requires: dtrace_core
#
# ASSERTION: with failprov.ko (probes ok1 and ok2 arm, bad fails with
# EIO, full with E2BIG), an enabling that reaches a failing probe fails
# with a clear message and a non-zero exit, and afterwards no probe of
# failprov is armed, none enabled, and the core holds no consumer
# memory: when the failing probe is matched by the same description as
# good ones (failprov:::), by a later description of the same clause,
# or by a later clause.  failprov:::ok* traces (2 armed), and failprov
# unloads at the end.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_have_module failprov || dt_skip "failprov.ko not built"
dt_modprobe failprov || dt_fail "modprobe failprov failed"
DT_MODS=failprov
armed=/sys/module/failprov/parameters/armed

# refused PROG WANT: dtrace -n PROG fails saying WANT, nothing stays.
refused() {
	st=0
	"$DTRACE" -q -n "$1" >"$DT_TMP/out" 2>&1 || st=$?
	[ "$st" -ne 0 ] || dt_fail "'$1' succeeded"
	grep -q "$2" "$DT_TMP/out" ||
		dt_fail "'$1' said: $(cat "$DT_TMP/out"), not \"$2\""
	[ "$(cat $armed)" = 0 ] ||
		dt_fail "'$1' left $(cat $armed) probes armed"
	dt_check_idle "'$1' failed"
}

refused 'failprov::: { exit(0); }' 'Input/output error'
refused 'failprov:::ok1, failprov:::bad, failprov:::ok2 { exit(0); }' \
	'Input/output error'
refused 'failprov:::ok1 { exit(0); } failprov:::ok2 { } failprov:::full { }' \
	"a provider's limit was reached"

dt_trace 'failprov:::ok* { }'
[ "$(cat $armed)" = 2 ] || dt_fail "failprov:::ok* armed $(cat $armed)"
dt_trace_stop
[ "$(cat $armed)" = 0 ] || dt_fail "$(cat $armed) armed after the trace"
dt_check_idle "failprov:::ok* was traced"
rmmod failprov || dt_fail "rmmod failprov failed"
exit 0
