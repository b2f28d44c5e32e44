#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -lv and -v print the stability attributes DTrace gives each provider
# requires: dtrace_profile, dtrace_syscall, dtrace_fbt, dtrace_sched, dtrace_ip, dtrace_lockstat
#
# ASSERTION: "dtrace -lv" prints, for a probe of each provider, the
# minimum of the provider, module, function and name attributes as
# "Probe Description Attributes" and the arguments' as "Argument
# Attributes", with DTrace's values (docs/providers/*.md):
#   dtrace:::BEGIN         Private/Private/Unknown, Stable/Stable/Common
#   profile:::tick-1s      Private/Private/Unknown, Evolving/Evolving/Common
#   syscall::read:entry    Private/Private/Unknown, Unstable/Unstable/ISA
#   fbt::vfs_read:entry    Private/Private/Unknown, Private/Private/ISA
#   sched:::on-cpu, ip:::send
#                          Private/Private/Unknown, Evolving/Evolving/ISA
#   lockstat:::spin-spin   Private/Private/Unknown, Evolving/Evolving/ISA
# and "dtrace -v" of a clause on syscall::read:entry that reads arg0
# prints the minimum of the named parts (Unstable/Unstable/ISA) and of
# the arguments (Unstable/Unstable/ISA); of one on profile:::tick-1s
# that does not, Evolving/Evolving/Common and Stable/Stable/Common.
set -eu
. selftests/lib/dt.sh

dt_setup
for m in dtrace_profile dtrace_syscall dtrace_fbt dtrace_sched dtrace_ip \
	dtrace_lockstat; do
	dt_modprobe "$m" || dt_fail "modprobe $m failed"
done

# attrs OUTPUT: each "Identifier Names/Data Semantics/Dependency Class"
# triple of dtrace's OUTPUT as NAME/DATA/CLASS, one a line.
attrs() {
	awk '/Identifier Names:/ { n = $NF }
	     /Data Semantics:/ { d = $NF }
	     /Dependency Class:/ { print n "/" d "/" $NF }' "$1"
}

# lv PROBE DESC ARGS: dtrace -lv -n PROBE gives those two triples.
lv() {
	timeout 120 "$DTRACE" -lv -n "$1" >"$DT_TMP/v" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n $1: $(cat "$DT_TMP/err")"
	got=$(attrs "$DT_TMP/v" | tr '\n' ' ')
	[ "$got" = "$2 $3 " ] || {
		cat "$DT_TMP/v" >&2
		dt_fail "$1: '$got', want '$2 $3 '"
	}
}
priv=Private/Private/Unknown
lv dtrace:::BEGIN $priv Stable/Stable/Common
lv profile:::tick-1s $priv Evolving/Evolving/Common
lv syscall::read:entry $priv Unstable/Unstable/ISA
lv fbt::vfs_read:entry $priv Private/Private/ISA
lv sched:::on-cpu $priv Evolving/Evolving/ISA
lv ip:::send $priv Evolving/Evolving/ISA
lv lockstat:::spin-spin $priv Evolving/Evolving/ISA

# v PROGRAM DESC STMT: dtrace -v of PROGRAM gives those two triples.
v() {
	timeout 120 "$DTRACE" -q -v -n "$1" >"$DT_TMP/v" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -v -n '$1': $(cat "$DT_TMP/err")"
	grep -q "^Stability attributes for description" "$DT_TMP/v" ||
		dt_fail "dtrace -v -n '$1' printed no stability"
	got=$(attrs "$DT_TMP/v" | tr '\n' ' ')
	[ "$got" = "$2 $3 " ] || {
		cat "$DT_TMP/v" >&2
		dt_fail "-v '$1': '$got', want '$2 $3 '"
	}
}
v 'syscall::read:entry { trace(arg0); exit(0); } tick-1s { exit(0); }' \
	Unstable/Unstable/ISA Unstable/Unstable/ISA
v 'profile:::tick-1s { trace(timestamp); exit(0); }' \
	Evolving/Evolving/Common Stable/Stable/Common
exit 0
