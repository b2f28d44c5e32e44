#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace_profile loads dtrace_core; both unload in reverse order
# requires: dtrace_profile
#
# ASSERTION: "modprobe dtrace_profile" loads dtrace_core too, through the
# module dependency, and lsmod lists both, dtrace_core used by
# dtrace_profile.  /dev/dtrace is a character device only root may use
# (owner root, mode 0600).  dtrace_core refuses to go while
# dtrace_profile needs it; rmmod dtrace_profile then rmmod dtrace_core
# succeed, after which neither is listed and /dev/dtrace is gone.
set -eu
. selftests/lib/dt.sh
dt_setup

for m in dtrace_profile dtrace_core; do
	! dt_loaded $m || dt_fail "$m is loaded before the test"
done

dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
lsmod | grep -q '^dtrace_profile ' || dt_fail "lsmod does not list dtrace_profile"
lsmod | grep -q '^dtrace_core ' ||
	dt_fail "dtrace_core was not loaded as a dependency of dtrace_profile"
users=$(lsmod | awk '$1 == "dtrace_core" { print $4 }')
echo "$users" | grep -q dtrace_profile ||
	dt_fail "lsmod: dtrace_core used by '$users', not dtrace_profile"

dt_wait 30 test -e /dev/dtrace || dt_fail "no /dev/dtrace"
[ -c /dev/dtrace ] || dt_fail "/dev/dtrace is not a character device"
perm=$(stat -c '%a %u %g' /dev/dtrace)
[ "$perm" = "600 0 0" ] ||
	dt_fail "/dev/dtrace: mode/uid/gid '$perm', expected '600 0 0'"

if rmmod dtrace_core 2>/dev/null; then
	dt_fail "rmmod dtrace_core succeeded while dtrace_profile uses it"
fi
rmmod dtrace_profile || dt_fail "rmmod dtrace_profile failed"
! dt_loaded dtrace_profile || dt_fail "dtrace_profile still listed after rmmod"
rmmod dtrace_core || dt_fail "rmmod dtrace_core failed"
! dt_loaded dtrace_core || dt_fail "dtrace_core still listed after rmmod"
dt_wait 30 test ! -e /dev/dtrace || dt_fail "/dev/dtrace outlives dtrace_core"
exit 0
