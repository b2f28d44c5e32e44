#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_sched refuses rmmod while a sched probe is enabled and unloads when idle
# requires: dtrace_sched
#
# ASSERTION: while a consumer traces sched:::off-cpu and sched:::tick,
# "rmmod dtrace_sched" fails and the module stays, and the probes go on
# firing (a program run after the rmmod stops the consumer from
# off-cpu).  Once the consumer exits, every hook is gone: dtrace_sched
# unloads, loads again and unloads again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_sched || dt_fail "modprobe dtrace_sched failed"
cp /bin/sleep "$DT_TMP/schedstop"
"$DTRACE" -q -n 'BEGIN { printf("ready\n"); }
	sched:::off-cpu { n++; }
	sched:::tick /n > 0 && ++t == 3/ { printf("fired\n"); }
	sched:::off-cpu /execname == "schedstop"/ { exit(0); }' \
	-o "$DT_TMP/out" 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 120 dt_has_lines "$DT_TMP/out" 2 ||
	dt_fail "no sched probe fired in 120 s: $(cat "$DT_TMP/err")"
dt_rmmod_busy dtrace_sched
"$DT_TMP/schedstop" 0.1
dt_wait_bg 120
dt_reload dtrace_sched
exit 0
