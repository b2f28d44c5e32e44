#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make conformance": DTrace's own unit tests (the suite beside the
# project, ../shared/conformance, or $DT_CONFORMANCE) run against this
# dtrace in the test guest.  Builds everything for KVER, copies the
# suite to .vm/conformance/ and builds its C triggers there (the USDT
# ones through our own dtrace -h and -G), boots the guest with every
# provider module loaded, runs the suite's runner, and writes
# selftests/conformance/RESULTS.md.
#
#   CATS=...   categories or groups (default: portable)
#   J=N        tests in parallel in the guest (default 2)
#   LIST=FILE  run only the tests FILE names
#   --check    the regression run of make check: the tests of
#              selftests/conformance/passing.txt, one TAP line each;
#              fails if one of them no longer passes
#   DT_CONFORMANCE_PART=P[,Q...]/N  with --check: only the tests whose
#              place in that list, counted from 1 and taken modulo N
#              (1..N), is P, Q...: a share of the list for a lane of
#              scripts/check-all.sh, in a work folder of its own
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
mode=report
[ "${1:-}" = --check ] && mode=check

suite_root=${DT_CONFORMANCE:-$top/../shared/conformance}
if [ ! -f "$suite_root/run.py" ] || [ ! -d "$suite_root/dtu/test/unittest" ]; then
	echo "conformance: no suite at $suite_root (set DT_CONFORMANCE)"
	if [ "$mode" = check ]; then
		echo "ok 1 conformance # SKIP the suite is not on this machine"
		echo "1..1"
		exit 0
	fi
	exit 1
fi
suite_root=$(cd "$suite_root" && pwd)

KVER=$(scripts/kver.sh)
export KVER
modroot=$top/.vm/modroot-$KVER
[ -n "${DT_NO_BUILD:-}" ] || scripts/build.sh

part=${DT_CONFORMANCE_PART:-}
if [ -n "$part" ] && ! echo "$part" | grep -Eqx '[1-9][0-9]*(,[1-9][0-9]*)*/[1-9][0-9]*'; then
	echo "conformance: DT_CONFORMANCE_PART=$part is not P[,Q...]/N" >&2
	exit 2
fi
work=$top/.vm/conformance${part:+-part-$(echo "$part" | tr ',/' '-_')}
res=$work/res-$KVER
rm -rf "$work/dtu" "$res"
mkdir -p "$work"
cp -a "$suite_root/dtu" "$work/dtu"
chmod -R u+w "$work/dtu"
# The suite's git symlinks (a post-processor or expected output several
# tests share) came as small files holding the target's relative path,
# with no newline: make each a link to its target again.
find "$work/dtu" -type f -size -200c | while IFS= read -r f; do
	t=$(cat "$f")
	case $t in *"
"*|"") continue ;; esac
	[ -f "$(dirname "$f")/$t" ] && [ "$(wc -l <"$f")" -eq 0 ] &&
		ln -sf "$t" "$f"
done
scripts/conformance/triggers.sh "$work/dtu" "$top/userland/dtrace"

alone=
if [ "$mode" = check ]; then
	list=$top/selftests/conformance/passing.txt
	if [ -n "$part" ]; then
		sed 's/#.*//; s/[[:space:]]*$//; /^$/d' "$list" |
			awk -v p="${part%/*}" -v n="${part#*/}" '
			BEGIN { k = split(p, a, ","); for (i = 1; i <= k; i++) want[a[i]] = 1 }
			want[(NR - 1) % n + 1]' >"$work/list.txt"
		list=$work/list.txt
	fi
	set -- --list "$list" --ignore-unselected
	alone=$list
else
	# shellcheck disable=SC2086
	set -- --category ${CATS:-portable} --ignore-unselected
	[ -z "${LIST:-}" ] || set -- "$@" --list "$(cd "$(dirname "$LIST")" && pwd)/$(basename "$LIST")"
fi
st=0
scripts/vm/run.sh --kver "$KVER" --timeout "${DT_CONFORMANCE_TIMEOUT:-10800}" \
	--results "$res" --quiet -- \
	env MODROOT="$modroot" ALONE="$alone" scripts/conformance/guest.sh "$work/dtu" \
	"$suite_root/run.py" /run/results/conf -- -j "${J:-2}" -q "$@" || st=$?
json=$res/conf/results.json
if [ ! -s "$json" ]; then
	echo "conformance: the guest wrote no results (exit $st); see $res"
	[ "$mode" = check ] && { echo "not ok 1 conformance: no results"; echo "1..1"; }
	exit 1
fi
tail -n 1 "$res/stdout" || true

if [ "$mode" = check ]; then
	exec python3 scripts/conformance/results.py tap "$json" \
		"$list" "$res/conf/alone.json"
fi
python3 scripts/conformance/results.py report "$json" \
	selftests/conformance/inapplicable.txt selftests/conformance/RESULTS.md \
	--kernel "$KVER" --commit "$(git rev-parse --short HEAD)" \
	--cats "${CATS:-portable}"
python3 scripts/conformance/results.py passing "$json" \
	selftests/conformance/inapplicable.txt >"$work/passing-$KVER.txt"
echo "conformance: the tests that passed are in $work/passing-$KVER.txt;" \
	"failures' logs in $res/conf/logs"
