#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: probes in NMI context while buffers, aggregations and speculations switch
# requires: dtrace_fbt, dtrace_syscall, 2 CPUs, sysrq (NMI backtrace)
#
# ASSERTION: while a syscall-heavy process keeps both CPUs in probe
# context (speculations committed at every read(), stack-keyed
# aggregations at every write()) and two consumers snapshot their
# buffers (switch policy; ring policy) and aggregations 100 times a
# second, a loop asks for an NMI backtrace of every CPU (sysrq l) for
# DT_NMI_SECS seconds (default 15; a long run: 60 or more; longer if
# no NMI has come in inside the core yet).  fbt probes
# on what the NMI handler calls to print (show_regs, __show_regs: the
# handler itself is NOKPROBE) then fire in NMI context, inside a firing
# or a switch on their CPU now and then.  Such a probe must be dropped
# and counted, never write into a buffer half switched.  So:
#  - every record both consumers print is one of the clauses' known
#    lines (no garbage, nothing torn), and both exit normally;
#  - for the switch-policy consumer, on each CPU, the NMI records equal
#    the NMI count() aggregation, and records plus the drops it reports
#    equal the register dumps the CPU printed in NMI context ("NMI
#    backtrace for cpu N" then RIP:, not "skipped", which an idle CPU
#    says, nor the Call Trace of the CPU that asked):
#    each fired the probe once, recorded or dropped and counted;
#  - some NMIs did land inside the core (drops > 0), so the guard was
#    exercised; if none did in this run, the test fails rather than
#    pass without having tested anything;
#  - the kernel log is clean but for the stacks of the backtraces asked
#    for.  The backtraces overrun the log ring (and the runner's marker
#    in it), so the test reads the log as it comes, checks it with the
#    runner's rules (selftests/lib/dmesg.sh) less those stacks, and once
#    it passes clears the ring, so that neither the runner nor the
#    whole-boot check judges a stack it cannot tell was asked for.  The
#    console is kept quiet meanwhile (the emulated serial port is slow).
set -eu
. selftests/lib/dt.sh

dt_setup
kmsg='' load='' b=''
loglevel=$(awk '{ print $1 }' /proc/sys/kernel/printk)
# dt_cleanup ends DT_BG (consumer a); this ends the rest first.
# shellcheck disable=SC2317 # the EXIT trap
nmi_cleanup() {
	for p in $b $load $kmsg; do
		kill -KILL "$p" 2>/dev/null || true
	done
	dmesg -n "$loglevel"
	dt_cleanup
}
trap nmi_cleanup EXIT
secs=${DT_NMI_SECS:-15}
[ "$(nproc)" -ge 2 ] || dt_skip "needs 2 CPUs: an NMI backtrace goes to the others"
[ -w /proc/sysrq-trigger ] || dt_skip "no /proc/sysrq-trigger"
for m in dtrace_fbt dtrace_syscall; do
	dt_modprobe $m || dt_fail "modprobe $m failed"
done

# The kernel log from here on, read as it comes.
echo 1 >/proc/sys/kernel/sysrq
dmesg -n 1
nice -n -10 dmesg -w >"$DT_TMP/kmsg" 2>&1 &
kmsg=$!
echo "nmi_switch: begin" >/dev/kmsg

# The load: one byte at a time, a read() and a write() each.
dd if=/dev/zero of=/dev/null bs=1 2>/dev/null &
load=$!

common='-q -x switchrate=10ms -x aggrate=10ms -x nspec=64 -x specsize=16k'
spec='syscall::read:entry /execname == "dd"/ {
		self->s = speculation();
		speculate(self->s);
		printf("SPEC %d 0xfeedface\n", cpu);
	}
	syscall::read:return /self->s/ { commit(self->s); self->s = 0; }
	syscall::write:entry /execname == "dd"/ {
		@w[stack()] = count(); @q = quantize(arg2);
	}'
# shellcheck disable=SC2086 # $common is several words
"$DTRACE" $common -x bufsize=4m -n "BEGIN { printf(\"go\\n\"); }
	fbt::show_regs:entry {
		printf(\"NMI %d 0x5ca1ab1e\\n\", cpu); @nmi[cpu] = count();
	} $spec END { printa(\"AGG %d %@d\\n\", @nmi); trunc(@w); trunc(@q); }" \
	>"$DT_TMP/a" 2>"$DT_TMP/a.err" &
a=$!
# shellcheck disable=SC2086
"$DTRACE" $common -x bufpolicy=ring -x bufsize=256k -n "BEGIN { printf(\"go\\n\"); }
	fbt::dump_stack_lvl:entry, fbt::__show_regs:entry {
		printf(\"BT %d 0x5ca1ab1e\\n\", cpu);
	}
	$spec END { printf(\"END\\n\"); trunc(@w); trunc(@q); }" \
	>"$DT_TMP/b" 2>"$DT_TMP/b.err" &
b=$!
DT_BG=$a
dt_wait 120 grep -q '^go' "$DT_TMP/a" || dt_fail "consumer a did not start: $(cat "$DT_TMP/a.err")"
# A ring buffer hands nothing over before the end: b's "go" comes then.
# shellcheck disable=SC2317 # called by dt_wait
two_active() {
	[ "$(awk '$4 == "active"' /proc/dtrace/consumers | wc -l)" -ge 2 ]
}
dt_wait 120 two_active || dt_fail "consumer b did not start: $(cat "$DT_TMP/b.err")"

# Drops so far (/proc/dtrace/consumers, DROPS: nested ones included).
# shellcheck disable=SC2317 # called in the timer below
dropped_some() {
	awk 'NR > 1 && $9 > 0 { found = 1 } END { exit !found }' \
		/proc/dtrace/consumers
}

# DT_NMI_SECS, then on until some NMI landed inside the core, for at
# most 3 times as long: how often one does depends on the host's load.
echo "# consumers started; sysrq l for $secs s or more"
(
	sleep "$secs"
	i=0
	while [ "$i" -lt $((secs * 3)) ] && ! dropped_some; do
		sleep 1
		i=$((i + 1))
	done
	: >"$DT_TMP/stop"
) &
# ahead of the load, or a round takes a second
# shellcheck disable=SC2016 # the inner shell expands them
nice -n -10 sh -c 'n=0
	while [ ! -e "$1/stop" ]; do
		echo l >/proc/sysrq-trigger
		n=$((n + 1))
		sleep 0.02
	done
	echo $n' sh "$DT_TMP" >"$DT_TMP/rounds"
n=$(cat "$DT_TMP/rounds")
echo "# $n rounds; stopping the consumers"
kill -INT "$a" "$b"
st=0
dt_wait_pid "$a" 300 || st=$?
[ "$st" -eq 0 ] || dt_fail "consumer a exited $st: $(tail -n 5 "$DT_TMP/a.err")"
st=0
dt_wait_pid "$b" 300 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "consumer b exited $st: $(tail -n 5 "$DT_TMP/b.err")"
kill "$load"
wait "$load" 2>/dev/null || true

# Every line is a known one.
awk '/^(go|END)$/ || /^(NMI|BT|SPEC) [0-9]+ 0x(5ca1ab1e|feedface)$/ ||
     /^AGG [0-9]+ [0-9]+$/ || /^$/ { next }
     { print "bad line " NR ": " $0; bad = 1; if (++n == 5) exit 1 }
     END { exit bad }' "$DT_TMP/a" "$DT_TMP/b" >"$DT_TMP/bad" ||
	dt_fail "garbage in the records: $(cat "$DT_TMP/bad")"
grep -q '^END$' "$DT_TMP/b" || dt_fail "ring consumer lost END's record"
! grep -v -e '^dtrace: [0-9]* drops\{0,1\} on CPU [0-9]*$' \
	-e '^dtrace: [0-9]* failed speculations\{0,1\} (.*)$' \
	-e '^dtrace: [0-9]* speculative drops\{0,1\}$' \
	"$DT_TMP/a.err" "$DT_TMP/b.err" ||
	dt_fail "unexpected messages from dtrace"

echo "# consumers done; checking"
echo "nmi_switch: end" >/dev/kmsg
dt_wait 60 grep -q 'nmi_switch: end' "$DT_TMP/kmsg" || dt_fail "kernel log reader lagged"
kill "$kmsg"
wait "$kmsg" 2>/dev/null || true
awk '/nmi_switch: begin/ { f = 1 } f' "$DT_TMP/kmsg" >"$DT_TMP/log"

# Per CPU: register dumps in NMI = records + drops; records = the aggregation.
awk -v n="$n" '
	# "NMI backtrace for cpu N", then registers (an NMI: show_regs) or
	# a Call Trace (the CPU that asked: dump_stack)
	FILENAME ~ /\/log$/ && /NMI backtrace for cpu [0-9]+$/ { pend = $NF; next }
	FILENAME ~ /\/log$/ && pend != "" && / RIP: / { taken[pend]++; pend = "" }
	FILENAME ~ /\/log$/ && pend != "" && /Call Trace:/ { pend = "" }
	FILENAME ~ /\/log$/ { next }
	FILENAME ~ /\/a$/ && $1 == "NMI" { rec[$2]++; next }
	FILENAME ~ /\/a$/ && $1 == "AGG" { agg[$2] = $3; next }
	FILENAME ~ /\/a\.err$/ && / drops? on CPU / { drops[$NF] += $2; next }
	END {
		for (c in rec) if (!(c in taken)) taken[c] = 0
		for (c in drops) if (!(c in taken)) taken[c] = 0
		for (c in taken) {
			printf "cpu %s: %d register dumps in NMI, %d records, %d in the aggregation, %d drops\n",
			       c, taken[c], rec[c], agg[c], drops[c]
			if (rec[c] != agg[c] || rec[c] + drops[c] != taken[c])
				bad = 1
			all += taken[c]; dropped += drops[c]
		}
		printf "%d sysrq rounds, %d NMI register dumps, %d dropped inside the core\n",
		       n, all, dropped
		if (!all) { print "no NMI came in on a busy CPU"; bad = 1 }
		if (!dropped) { print "no NMI landed inside the core"; bad = 1 }
		exit bad
	}' "$DT_TMP/log" "$DT_TMP/a" "$DT_TMP/a.err" \
	>"$DT_TMP/sum" || dt_fail "counts do not add up: $(cat "$DT_TMP/sum")"
cat "$DT_TMP/sum"

# The stack after "NMI backtrace for cpu N" was asked for; nothing else.
. selftests/lib/dmesg.sh
if awk '/NMI backtrace for cpu [0-9]+$/ { bt = 1 }
	/Call Trace:/ && bt { bt = 0; next } { print }' "$DT_TMP/log" |
	dt_dmesg_bad >"$DT_TMP/bad"; then
	dt_fail "bad kernel log: $(head -n 20 "$DT_TMP/bad")"
fi
dt_check_idle "the NMI storm"
dmesg -C
exit 0
