#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: sysinfo probes count a shell's forks, execs, switches and system calls
# requires: dtrace_sysinfo
#
# ASSERTION: modprobe dtrace_sysinfo loads dtrace_core and no other
# provider, and dtrace -l lists its six probes.  A shell running
# /bin/true 20 times fires sysinfo:::sysfork exactly 20 times in the
# shell, sysinfo:::sysexec exactly 20 times in its children, pswitch at
# least 20 times in the shell (it sleeps in wait() for each child); dd
# copying 100 one-byte blocks fires sysinfo:::syscall at least 200
# times in dd; and device interrupts (intr) happen meanwhile.  While
# the consumer runs, rmmod dtrace_sysinfo fails; once it has exited,
# the module unloads and loads again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_sysinfo
[ "$(dt_list_probes sysinfo | wc -l)" -eq 6 ] ||
	dt_fail "not six probes: $(dt_list_probes sysinfo)"
dt_trace 'sysinfo:::sysfork, sysinfo:::pswitch { @[probename, pid] = sum(arg0); }
	sysinfo:::sysexec { @[probename, ppid] = sum(arg0); }
	sysinfo:::syscall /execname == "dd"/ { @[probename, 0] = sum(arg0); }
	sysinfo:::intr { @[probename, 0] = sum(arg0); }'
dt_rmmod_busy dtrace_sysinfo
sh -c 'echo $$ >"$1"; i=0; while [ $i -lt 20 ]; do /bin/true; i=$((i + 1)); done' \
	sh "$DT_TMP/pid"
dd if=/dev/zero of=/dev/null bs=1 count=100 2>/dev/null
dt_trace_stop

pid=$(cat "$DT_TMP/pid")
# count PROBE KEY: what the consumer printed for PROBE and KEY
count() {
	awk -v p="$1" -v k="$2" '$1 == p && $2 == k { print $3 }' "$DT_TMP/out"
}
[ "$(count sysfork "$pid")" = 20 ] ||
	dt_fail "sysfork in the shell: not 20: $(cat "$DT_TMP/out")"
[ "$(count sysexec "$pid")" = 20 ] ||
	dt_fail "sysexec in its children: not 20: $(cat "$DT_TMP/out")"
[ "$(count pswitch "$pid")" -ge 20 ] ||
	dt_fail "pswitch in the shell: under 20: $(cat "$DT_TMP/out")"
[ "$(count syscall 0)" -ge 200 ] ||
	dt_fail "syscall in dd: under 200: $(cat "$DT_TMP/out")"
[ "$(count intr 0)" -ge 1 ] ||
	dt_fail "no intr: $(cat "$DT_TMP/out")"
dt_reload dtrace_sysinfo
exit 0
