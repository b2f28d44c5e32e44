#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: run the D language tests of this directory (TAP output)
# requires: dtrace_core, dtrace_profile
#
# Usage: run.sh [DTRACE]   (default: ../../userland/dtrace)
# tst.NAME.d passes with exit 0 (or the status in tst.NAME.d.exit) and,
# if tst.NAME.d.out exists, stdout equal to it; err.D_TAG.NAME.d passes
# with exit 1 and a single stderr line starting "dtrace: " that carries
# [D_TAG] under -x errtags.  Each test runs in its own directory.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dtrace=$(cd "$here" && realpath "${1:-../../userland/dtrace}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

echo "TAP version 13"
for t in $(cd "$here" && find . -name 'tst.*.d' -o -name 'err.*.d' | sort); do
	n=$((n + 1))
	dir=$here/$(dirname "$t")
	base=$(basename "$t")
	ok=1
	(cd "$dir" && timeout 60 "$dtrace" -s "$base" >"$tmp/out" 2>"$tmp/err")
	rc=$?
	case $base in
	tst.*)
		want=0
		[ -f "$dir/$base.exit" ] && want=$(cat "$dir/$base.exit")
		[ "$rc" -eq "$want" ] || ok=0
		if [ -f "$dir/$base.out" ] && ! cmp -s "$tmp/out" "$dir/$base.out"; then
			ok=0
		fi
		;;
	err.*)
		tag=$(echo "$base" | cut -d. -f2)
		[ "$rc" -eq 1 ] || ok=0
		[ "$(wc -l <"$tmp/err")" -eq 1 ] || ok=0
		grep -q '^dtrace: ' "$tmp/err" || ok=0
		(cd "$dir" && "$dtrace" -x errtags -s "$base" 2>&1 >/dev/null) |
			grep -q "\[$tag\]" || ok=0
		;;
	esac
	if [ $ok -eq 1 ]; then
		echo "ok $n selftests/dtrace/${t#./}"
	else
		failed=$((failed + 1))
		echo "not ok $n selftests/dtrace/${t#./}"
		echo "# exit $rc; stderr:"
		sed 's/^/#   /' "$tmp/err"
		if [ -f "$dir/$base.out" ]; then
			diff "$dir/$base.out" "$tmp/out" | sed 's/^/#   /'
		fi
	fi
done
echo "1..$n"
[ $failed -eq 0 ]
