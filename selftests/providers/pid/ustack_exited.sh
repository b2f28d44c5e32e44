#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: ustack() keys of a -c target are named after it has exited
# requires: dtrace_fasttrap dtrace_profile
#
# ASSERTION: with no pid probe (so the -c target is not run to its
# entry point before tracing starts), profile-997 stacks of the target
# aggregated with ustack() and printed at END, after the target exited,
# name its frames (utarget`work...), not only hex addresses: dtrace
# reads the target's maps while it runs, after its exec.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
ft_run -c "$UT -n 3000000" -n 'profile-997 /pid == $target/ {
	@[ustack()] = count(); } END { printa(@); }'
ft_expect '^ *utarget`(work|ut_[a-z]+)'
exit 0
