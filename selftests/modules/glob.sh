#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the kernel's glob matcher passes the cases userland's does
# requires: dtrace_core
#
# ASSERTION: globtest.ko runs every case of framework/engine/glob_cases.h
# (the table the host unit test runs against userland's build of the
# same matcher) through dtrace_core's dtrace_match_glob(): /proc/globtest
# reads as KTAP with a plan of at least 100 cases and an "ok" line for
# each, none "not ok".  So the kernel enables the probes userland chose
# pid sites for: "[^m]*" and "[\]]" mean the same on both sides.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_have_module globtest || dt_skip "globtest.ko not built"
dt_modprobe globtest || dt_fail "modprobe globtest failed"
cat /proc/globtest >"$DT_TMP/ktap"
rmmod globtest || dt_fail "rmmod globtest failed"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$DT_TMP/ktap")
n=$(grep -c '^ok ' "$DT_TMP/ktap" || true)
if grep -q '^not ok ' "$DT_TMP/ktap" || [ -z "$plan" ] ||
   [ "$plan" -lt 100 ] || [ "$n" -ne "$plan" ]; then
	cat "$DT_TMP/ktap" >&2
	dt_fail "globtest: plan ${plan:-none}, $n ok, $(grep -c '^not ok' "$DT_TMP/ktap") not ok"
fi
exit 0
