#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: printf("%A") names a user pc of the -c target
# requires: dtrace_profile
#
# ASSERTION: arg1 of a profile probe that interrupted the busy shell
# started with -c is a user pc of it; %A prints it through the target's
# /proc/PID/maps and the ELF symbols of the mapped object, as
# object`symbol+0xoff or, where the object has no symbol, object`0xaddr.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -c 'sh -c "while :; do :; done"' \
	-n 'profile-97 /arg1 != 0 && execname == "sh"/ { printf("%A\n", arg1); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
grep -Eqx '[A-Za-z0-9_.+-]+`([A-Za-z0-9_.]+(\+0x[0-9a-f]+)?|0x[0-9a-f]+)' \
	"$DT_TMP/out" || dt_fail "not a user symbol: '$(cat "$DT_TMP/out")'"
exit 0
