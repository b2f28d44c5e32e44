#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: /proc/dtrace shows consumers, ECBs, buffers, memory, trace
# requires: dtrace_syscall, dtrace_profile
#
# ASSERTION: while a consumer traces syscall::read:entry into an
# aggregation and prints from tick-10ms, /proc/dtrace/consumers shows it
# (its pid, "dtrace", active, 4 ECBs with BEGIN and ERROR, 1 aggregation, a 1m
# switch buffer); ecbs names its three probes; buffers has one line per
# possible CPU; memory shows bytes and allocations in use; trace shows it
# opened, enabled and started.  Once it exits, consumers and ecbs are
# empty, memory reads 0 and 0, and trace shows the close and the
# providers' modules released.  The files that name processes are root
# only.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
dt_idle || dt_fail "not idle before any consumer: $(cat /proc/dtrace/memory)"

dt_trace 'syscall::read:entry { @[execname] = count(); }
	  tick-10ms { printf("t\n"); }' -x bufsize=1m
pid=$DT_BG
awk -v pid="$pid" 'NR > 1 && $2 == pid { ok = $3 == "dtrace" && $4 == "active" &&
	$5 == 4 && $6 == 1 && $7 == 1048576 && $8 == "switch" }
	END { exit !ok }' /proc/dtrace/consumers || {
	cat /proc/dtrace/consumers >&2
	dt_fail "consumers does not show pid $pid as expected"
}
id=$(awk -v pid="$pid" 'NR > 1 && $2 == pid { print $1 }' /proc/dtrace/consumers)
for p in dtrace:::ERROR syscall::read:entry profile:::tick-10ms; do
	awk -v id="$id" -v p="$p" '$1 == id && $5 == p { f = 1 } END { exit !f }' \
		/proc/dtrace/ecbs || {
		cat /proc/dtrace/ecbs >&2
		dt_fail "ecbs has no $p for consumer $id"
	}
done
ncpu=$(awk -v id="$id" 'NR > 1 && $1 == id { n++ } END { print n + 0 }' \
	/proc/dtrace/buffers)
npossible=$(find /sys/devices/system/cpu -maxdepth 1 -name 'cpu[0-9]*' | wc -l)
[ "$ncpu" -eq "$npossible" ] ||
	dt_fail "buffers has $ncpu lines for consumer $id, $npossible CPUs"
awk '$1 == "bytes" && $2 > 1048576 { b = 1 } $1 == "allocations" && $2 > 10 { a = 1 }
	END { exit !(a && b) }' /proc/dtrace/memory ||
	dt_fail "memory while tracing: $(cat /proc/dtrace/memory)"
for ev in "consumer $id opened by dtrace" \
	  "consumer $id enabled syscall::read:entry: 1 probes" \
	  "consumer $id go: 4 ECBs"; do
	grep -q "$ev" /proc/dtrace/trace || {
		cat /proc/dtrace/trace >&2
		dt_fail "trace has no \"$ev\""
	}
done
for f in consumers ecbs buffers trace; do
	[ "$(stat -c %a /proc/dtrace/$f)" = 400 ] ||
		dt_fail "/proc/dtrace/$f is mode $(stat -c %a /proc/dtrace/$f)"
done

dt_trace_stop
dt_check_idle "the consumer exited"
[ "$(wc -l </proc/dtrace/consumers)" -eq 1 ] ||
	dt_fail "consumers after exit: $(cat /proc/dtrace/consumers)"
[ "$(wc -l </proc/dtrace/ecbs)" -eq 1 ] ||
	dt_fail "ecbs after exit: $(cat /proc/dtrace/ecbs)"
for ev in "consumer $id closed" \
	  "provider syscall: last probe disabled, module released"; do
	grep -q "$ev" /proc/dtrace/trace || {
		cat /proc/dtrace/trace >&2
		dt_fail "trace has no \"$ev\""
	}
done
exit 0
