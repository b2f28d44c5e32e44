#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: lockstat probes fire for a process whose threads contend on a mutex, a spinlock, a rwlock and a rw_semaphore, with plausible locks and times
# requires: dtrace_lockstat
# timeout: 200
#
# ASSERTION: while progs/lockhammer runs (threads sharing a pipe, its
# signal mask, setpgid() and mmap()), for its threads:
# adaptive-acquire, adaptive-release, spin-acquire, spin-release,
# rw-acquire (as a writer, args[1] 0: setpgid()) and rw-release fire,
# every one with args[0] a kernel address and rw-acquire's args[1] 0
# or 1.  Some wait is seen (adaptive-spin or adaptive-block,
# spin-spin, rw-spin or rw-block), and every wait's lock is a kernel
# address, its time above 0 and below 100 s.  Nine in ten mutex
# acquires after a wait (half the spinlock ones) are of the lock
# waited for, and nine in ten releases of a mutex or spinlock are of
# one the thread acquired.  "rmmod dtrace_lockstat" fails while the
# consumer runs, and the module unloads once it has exited.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_lockstat || dt_fail "modprobe dtrace_lockstat failed"
[ -x selftests/progs/lockhammer ] || dt_fail "selftests/progs/lockhammer not built"

# Counters per probe: n (fired), bad (args[0] not a kernel address or a
# time out of range), and for acquire/release/wait pairs, "mine"
# (released a lock the thread had acquired, acquired the lock waited
# for).
cat >"$DT_TMP/ls.d" <<'D'
#pragma D option quiet
BEGIN { printf("ready\n"); }
lockstat:::
/pid == $target/
{
	@n[probename] = count();
	/* the kernel's half of the address space, 4- or 5-level paging */
	@bad[probename] = sum((uint64_t)arg0 < 0xff00000000000000);
}
lockstat:::*-spin, lockstat:::*-block
/pid == $target/
{
	@badtime[probename] = sum(arg1 <= 0 || arg1 >= 100000000000);
}
lockstat:::spin-spin { @any[probename] = count(); }
lockstat:::adaptive-spin, lockstat:::adaptive-block /pid == $target/
{
	self->mwait = arg0;
}
lockstat:::adaptive-acquire /pid == $target && self->mwait/
{
	@mine["adaptive-wait"] = sum(self->mwait == arg0);
	@n["adaptive-wait-acquired"] = count();
	self->mwait = 0;
}
lockstat:::adaptive-acquire /pid == $target/ { self->m[arg0] = 1; }
lockstat:::adaptive-release /pid == $target/
{
	@mine["adaptive-release"] = sum(self->m[arg0]);
	self->m[arg0] = 0;
}
lockstat:::spin-spin /pid == $target/ { self->swait = arg0; }
lockstat:::spin-acquire /pid == $target && self->swait/
{
	@mine["spin-wait"] = sum(self->swait == arg0);
	@n["spin-wait-acquired"] = count();
	self->swait = 0;
}
lockstat:::spin-acquire /pid == $target/ { self->s[arg0] = 1; }
lockstat:::spin-release /pid == $target/
{
	@mine["spin-release"] = sum(self->s[arg0]);
	self->s[arg0] = 0;
}
lockstat:::rw-acquire /pid == $target/
{
	@bad[probename] = sum(arg1 != 0 && arg1 != 1);
}
lockstat:::rw-acquire /pid == $target && arg1 == 0/
{
	@n["rw-acquire-writer"] = count();
}
END
{
	printa("n %s %@d\n", @n);
	printa("bad %s %@d\n", @bad);
	printa("badtime %s %@d\n", @badtime);
	printa("any %s %@d\n", @any);
	printa("mine %s %@d\n", @mine);
}
D
timeout 600 "$DTRACE" -s "$DT_TMP/ls.d" -c "selftests/progs/lockhammer 5" \
	-o "$DT_TMP/out" 2>"$DT_TMP/err" &
DT_BG=$!
# started: the consumer printed "ready", or is gone.
# shellcheck disable=SC2317 # runs from dt_wait
started() {
	dt_has_lines "$DT_TMP/out" 1 || ! kill -0 "$DT_BG" 2>/dev/null
}
# A hook that cannot be armed fails the enabling with an errno alone;
# the kernel log names the function missing.
dt_wait 300 started && dt_has_lines "$DT_TMP/out" 1 ||
	dt_fail "dtrace did not start: $(cat "$DT_TMP/err"); kernel log: $(dmesg | grep 'lockstat: ' | tail -n 3)"
dt_rmmod_busy dtrace_lockstat
dt_wait_bg 600
cat "$DT_TMP/out"

# val KIND NAME: the counter, 0 if absent.
val() {
	awk -v k="$1" -v n="$2" '$1 == k && $2 == n { v = $3 } END { print v + 0 }' \
		"$DT_TMP/out"
}
for p in adaptive-acquire adaptive-release spin-acquire spin-release \
	rw-acquire-writer rw-release; do
	[ "$(val n "$p")" -gt 0 ] || dt_fail "lockstat:::$p did not fire"
done
for p in adaptive-acquire adaptive-release adaptive-spin adaptive-block \
	spin-acquire spin-release spin-spin rw-acquire rw-release rw-spin \
	rw-block; do
	[ "$(val bad "$p")" -eq 0 ] ||
		dt_fail "lockstat:::$p: $(val bad "$p") firings with an implausible lock or kind"
	[ "$(val badtime "$p")" -eq 0 ] ||
		dt_fail "lockstat:::$p: $(val badtime "$p") firings with an implausible time"
done
waits=$(( $(val n adaptive-spin) + $(val n adaptive-block) + \
	$(val n spin-spin) + $(val n rw-spin) + $(val n rw-block) ))
[ "$waits" -gt 0 ] || dt_fail "no spin or block probe fired"
# most PART of WHOLE: PART is at least PCT % of WHOLE.
most() {
	[ $(($1 * 100)) -ge $(($2 * $3)) ]
}
# A mutex is released by the thread that holds it; a spinlock nearly
# always (a runqueue's is taken by the task switched from and released
# by the one switched to).  A wait is followed by the acquisition of
# its lock, unless the lock was taken by a function lockstat does not
# hook (a rwlock's wait_lock, by arch_spin_lock()).
for p in adaptive-release spin-release; do
	most "$(val mine "$p")" "$(val n "$p")" 90 ||
		dt_fail "$p: $(val mine "$p") of $(val n "$p") release a lock the thread acquired"
done
most "$(val mine adaptive-wait)" "$(val n adaptive-wait-acquired)" 90 ||
	dt_fail "adaptive: $(val mine adaptive-wait) of $(val n adaptive-wait-acquired) acquires after a wait are of the mutex waited for"
most "$(val mine spin-wait)" "$(val n spin-wait-acquired)" 50 ||
	dt_fail "spin: $(val mine spin-wait) of $(val n spin-wait-acquired) acquires after a wait are of the lock waited for"
dt_reload dtrace_lockstat
exit 0
