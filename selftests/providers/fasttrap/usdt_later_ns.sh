#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a provider glob traces a program started later by another user in another mount namespace
# requires: dtrace_fasttrap
#
# ASSERTION: with dtrace -Z running the description ns*:::, a USDT
# program started after tracing began, as an unprivileged user (65534),
# from a path that exists only in a mount namespace of its own (a tmpfs,
# as a container's files), fires its probe with its argument: the
# watcher reads the program through the process's own view of its
# files, not dtrace's.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v unshare >/dev/null || dt_skip "no unshare"
command -v setpriv >/dev/null || dt_skip "no setpriv"
cat >"$DT_TMP/p.d" <<'D'
provider ns {
	probe fired(int);
};
D
cat >"$DT_TMP/app.c" <<'C'
#include <stdlib.h>
#include "p.h"

int main(int argc, char **argv)
{
	NS_FIRED(argc > 1 ? atoi(argv[1]) : 0);
	return 0;
}
C
ft_usdt_app
mkdir "$DT_TMP/box"
chmod 0711 "$DT_TMP"

dt_trace 'ns*:::fired { printf("%s %d %d\n", probename, uid, arg0); }' -Z
unshare -m sh -c 'mount -t tmpfs none "$1" && cp "$2" "$1/app" &&
	chmod 0755 "$1" "$1/app" &&
	setpriv --reuid 65534 --regid 65534 --clear-groups "$1/app" 7' \
	sh "$DT_TMP/box" "$DT_TMP/app" || dt_fail "the program did not run"
[ ! -e "$DT_TMP/box/app" ] || dt_fail "the tmpfs is visible outside"
dt_wait 120 dt_has_lines "$DT_TMP/out" 2 ||
	dt_fail "the probe did not fire: $(cat "$DT_TMP/out")"
dt_trace_stop
grep -qx "fired 65534 7" "$DT_TMP/out" ||
	dt_fail "wrong firing: $(cat "$DT_TMP/out")"
exit 0
