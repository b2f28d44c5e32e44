#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: printf("%a") names a kernel pc as module`symbol+0xoff
# requires: dtrace_profile
#
# ASSERTION: arg0 of a profile probe that interrupted the kernel is a
# kernel pc; %a prints it as module`symbol+0xoff (or module`symbol at a
# symbol's start) found in /proc/kallsyms, and %-40a pads that text to
# 40 columns.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q \
	-n 'profile-97 /arg0 != 0/ { printf("%a|%-40a|\n", arg0, arg0); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
line=$(head -n 1 "$DT_TMP/out")
sym=${line%%|*}
echo "$sym" | grep -Eqx '[A-Za-z0-9_]+`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?' ||
	dt_fail "not a symbol: '$line'"
[ "$line" = "$(printf '%s|%-40s|' "$sym" "$sym")" ] ||
	dt_fail "%-40a: '$line'"
name=${sym#*\`}
name=${name%%+*}
# a module's symbols end in a tab and "[module]"
grep -Eq " [tTwW] $name([[:space:]]|\$)" /proc/kallsyms ||
	dt_fail "$name is not a text symbol of /proc/kallsyms"
exit 0
