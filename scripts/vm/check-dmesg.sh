#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Judge a guest's kernel log: fail (exit 1, printing why) if RESDIR/dmesg
# has a bad line, RESDIR/tainted a taint other than O and E, or
# RESDIR/kmemleak (a kmemleak kernel's scan after the command, see
# scripts/vm/init) a leak that dtrace's modules made.  The rules live in
# selftests/lib/dmesg.sh.  Usage: check-dmesg.sh RESDIR
set -eu

res=$1
# shellcheck source=selftests/lib/dmesg.sh
. "$(dirname "$0")/../../selftests/lib/dmesg.sh"
bad=0
if [ ! -e "$res/dmesg" ] || [ ! -e "$res/tainted" ]; then
	echo "check-dmesg: the guest left no dmesg or tainted file" >&2
	exit 1
fi
if lines=$(dt_dmesg_bad <"$res/dmesg"); then
	echo "check-dmesg: bad lines in the guest's dmesg:" >&2
	echo "$lines" | sed 's/^/  | /' >&2
	bad=1
fi
if [ -e "$res/kmemleak" ] && leaks=$(dt_kmemleak_bad <"$res/kmemleak"); then
	echo "check-dmesg: kmemleak: objects leaked by a module:" >&2
	echo "$leaks" | sed 's/^/  | /' >&2
	bad=1
fi
if t=$(dt_taint_bad "$(cat "$res/tainted")"); then
	echo "check-dmesg: kernel tainted $t" >&2
	bad=1
fi
[ "$bad" -eq 0 ] || echo "check-dmesg: full log in $res/dmesg" >&2
exit "$bad"
