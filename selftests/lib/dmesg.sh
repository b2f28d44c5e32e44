# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# What counts as a bad kernel log, in one place: sourced by the guest's
# test runner (per-test attribution) and by scripts/vm/check-dmesg.sh
# (the whole boot).  POSIX sh.

# Lines that mean the kernel found a bug: oopses, BUG/WARN, lockdep
# reports, hung tasks, memory-safety checkers.
DT_DMESG_BAD='BUG:|WARNING:|Oops|kernel BUG at|general protection fault|Kernel panic|possible circular locking|possible recursive locking|inconsistent lock state|irq lock inversion|suspicious RCU usage|hung task|blocked for more than|UBSAN:|KASAN:|KFENCE:|list_add corruption|list_del corruption|refcount_t:|Call Trace:'

# Taint bits a test kernel may carry: O (4096) out-of-tree module and
# E (8192) unsigned module.  Everything else is a failure.
DT_TAINT_OK=$((4096 | 8192))

# dt_dmesg_bad: print the bad lines of the log on stdin; true if any.
# The one stack an OOM kill report always carries (the "Call Trace:"
# after "invoked oom-killer", which a test provokes on purpose with
# sysrq f) is not a bug; everything else in the report still counts.
dt_dmesg_bad() {
	dt_dmesg_bad_since ""
}

# dt_dmesg_bad_since MARKER: dt_dmesg_bad for the lines after the first
# one containing MARKER (all of them if MARKER is empty): the runner's
# "begin N" line of a test, in one pass.
dt_dmesg_bad_since() {
	awk -v bad="$DT_DMESG_BAD" -v m="$1" '
		m != "" && !since { if (index($0, m)) since = 1; next }
		/invoked oom-killer/ { oom = 1 }
		/Call Trace:/ && oom { oom = 0; next }
		$0 ~ bad { print; found = 1 }
		END { exit !found }'
}

# dt_kmemleak_bad: print the records of /sys/kernel/debug/kmemleak on
# stdin whose allocation backtrace passes through a module ("[name]"
# after the symbol) or an address no symbol covers any more (a module
# since unloaded); true if there are any, or if the scan failed.  The
# kernel of "make check-debug" has every driver built in, so the modules
# in its guest are this tree's (and crc7, which a test loads): leaks of
# the kernel alone, which boot leaves, do not count.
dt_kmemleak_bad() {
	awk '
		function flush() {
			if (rec != "" && mod) { printf "%s", rec; found = 1 }
			rec = ""; mod = 0
		}
		/^kmemleak: the scan failed/ { print; found = 1; next }
		/^unreferenced object/ { flush() }
		{ rec = rec $0 "\n" }
		/^ *\[<[0-9a-f]+>\] / && (/\[[A-Za-z0-9_]+\]$/ || / 0x[0-9a-f]+$/) { mod = 1 }
		END { flush(); exit !found }'
}

# dt_taint_bad VALUE: print the taint bits VALUE has beyond the allowed
# ones (as a number and letters); true if there are any.
dt_taint_bad() {
	_bad=$(( $1 & ~DT_TAINT_OK ))
	[ "$_bad" -ne 0 ] || return 1
	_letters=
	_i=0
	for _l in P F S R M B U D A W C I O E L K X T N J; do
		[ $(( _bad >> _i & 1 )) -eq 0 ] || _letters=$_letters$_l
		_i=$((_i + 1))
	done
	echo "$_bad ($_letters)"
}
