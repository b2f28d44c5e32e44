#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: vminfo fault probes count the page faults of a workload
# requires: dtrace_vminfo
#
# ASSERTION: modprobe dtrace_vminfo loads dtrace_core and no other
# provider, and dtrace -l lists as_fault, kernel_asflt and prot_fault.
# dd reading one 1 MiB block of /dev/zero into a fresh buffer (too
# small for a transparent huge page) makes the
# kernel fault in each of its 256 pages from read(), in kernel mode:
# kernel_asflt fires at least 250 times in dd; a program starting
# takes page faults in user mode: as_fault fires at least 20 times in
# each of 10 runs of /bin/true (200 in all); a forked shell writes to
# pages it shares copy-on-write: prot_fault fires at least once.
# Every firing has arg0 = 1.  While the consumer runs, rmmod
# dtrace_vminfo fails; once it has exited, the module unloads and loads
# again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_vminfo
[ "$(dt_list_probes vminfo | awk '{ print $3 }' | tr '\n' ' ')" = \
	"as_fault kernel_asflt prot_fault " ] ||
	dt_fail "probes: $(dt_list_probes vminfo)"
dt_trace 'vminfo::: /arg0 != 1/ { printf("arg0 %d\n", arg0); }
	vminfo:::kernel_asflt, vminfo:::as_fault
	/execname == "dd" || execname == "true"/ {
		@[probename, execname] = sum(arg0);
	}
	vminfo:::prot_fault { @[probename, "all"] = sum(arg0); }'
dt_rmmod_busy dtrace_vminfo
dd if=/dev/zero of=/dev/null bs=1M count=1 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
dt_trace_stop

! grep -q '^arg0' "$DT_TMP/out" || dt_fail "arg0 not 1: $(cat "$DT_TMP/out")"
count() {
	awk -v p="$1" -v e="$2" '$1 == p && $2 == e { print $3 }' "$DT_TMP/out"
}
[ "$(count kernel_asflt dd)" -ge 250 ] ||
	dt_fail "kernel_asflt in dd under 250: $(cat "$DT_TMP/out")"
[ "$(count as_fault true)" -ge 200 ] ||
	dt_fail "as_fault in true under 200: $(cat "$DT_TMP/out")"
[ "$(count prot_fault all)" -ge 1 ] ||
	dt_fail "no prot_fault: $(cat "$DT_TMP/out")"
dt_reload dtrace_vminfo
exit 0
