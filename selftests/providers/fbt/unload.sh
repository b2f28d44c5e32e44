#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_fbt cannot be unloaded while it traces
# requires: dtrace_fbt
#
# ASSERTION: with fbt::vfs_read:entry and :return enabled, the provider
# shows 2 enabled probes and rmmod dtrace_fbt fails; after the consumer
# exits, the count is 0 and rmmod succeeds.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
dt_trace 'fbt::vfs_read:entry, fbt::vfs_read:return { @ = count(); }'
[ "$(dt_enabled fbt)" = 2 ] ||
	dt_fail "fbt shows '$(dt_enabled fbt)' enabled probes, expected 2"
! rmmod dtrace_fbt 2>/dev/null || dt_fail "rmmod succeeded while tracing"
dt_trace_stop
[ "$(dt_enabled fbt)" = 0 ] ||
	dt_fail "fbt shows '$(dt_enabled fbt)' enabled probes after the trace"
dt_wait 60 rmmod dtrace_fbt 2>/dev/null || dt_fail "rmmod dtrace_fbt failed"
exit 0
