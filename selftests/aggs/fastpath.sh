#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the fast paths of a clause give what the general paths give
#
# ASSERTION: the same script gives the same aggregations, and the same
# count of aggregation drops, with the fast paths on (the defaults) and
# off: dtrace_core.straight=0 runs every DIF program through the decode
# loop instead of its straight form, dtrace_core.aggfast=0 sends keys of
# one integer (or none) through the key buffer and the hash instead of
# the cached entry.  The script's clauses are each one aggregation, of
# no key, one integer key, one string key or two keys, fired in an
# order that hits and misses the cached entry; the second run also has
# more keys than the smallest aggsize holds.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"
params=/sys/module/dtrace_core/parameters
if [ ! -w "$params/straight" ] || [ ! -w "$params/aggfast" ]; then
	dt_fail "no dtrace_core parameters straight and aggfast"
fi

# script FILE NKEYS: the clauses, and NKEYS clauses of distinct keys
script() {
	{
		_i=0
		while [ "$_i" -lt 5 ]; do
			echo "BEGIN { @c = count(); }"
			echo "BEGIN { @k[$_i % 3] = count(); }"
			echo "BEGIN { @k[1] = count(); }"
			echo "BEGIN /$_i != 2/ { @s[$_i & 1] = sum($_i * 1000 + 7); }"
			echo "BEGIN { @m = max($_i * 3 - 7); }"
			echo "BEGIN { @n[$_i] = min(-$_i); }"
			echo "BEGIN { @a[0x123456789] = avg($_i); }"
			echo "BEGIN { @q = quantize($_i * 100); }"
			echo "BEGIN { @l[$_i % 2] = lquantize($_i, 0, 10, 2); }"
			echo "BEGIN { @e[execname] = count(); }"
			echo "BEGIN { @t[$_i, \"x\"] = sum($_i); }"
			echo "BEGIN { @z[-1] = count(); }"
			_i=$((_i + 1))
		done
		_i=0
		while [ "$_i" -lt "$2" ]; do
			echo "BEGIN { @d[$_i] = count(); }"
			_i=$((_i + 1))
		done
		echo "BEGIN { exit(0); }"
	} >"$1"
}

# run NAME SCRIPT ARGS...: run SCRIPT into $DT_TMP/NAME.out and .err
run() {
	_name=$1 _s=$2
	shift 2
	_st=0
	timeout 300 "$DTRACE" -q "$@" -s "$_s" >"$DT_TMP/$_name.out" \
		2>"$DT_TMP/$_name.err" || _st=$?
	[ "$_st" -eq 0 ] || dt_fail "$_name: exit $_st: $(cat "$DT_TMP/$_name.err")"
}

script "$DT_TMP/all.d" 0
script "$DT_TMP/drops.d" 400
for mode in fast slow; do
	v=1
	[ "$mode" = fast ] || v=0
	echo "$v" >"$params/straight"
	echo "$v" >"$params/aggfast"
	run "$mode" "$DT_TMP/all.d"
	run "$mode-drops" "$DT_TMP/drops.d" -x aggsize=4k
done
echo 1 >"$params/straight"
echo 1 >"$params/aggfast"

grep -q 'dtrace' "$DT_TMP/fast.out" ||
	dt_fail "no execname key in the output: $(head -c 300 "$DT_TMP/fast.out")"
grep -q " 4014$" "$DT_TMP/fast.out" ||
	dt_fail "no sum 4014 in the output: $(head -c 300 "$DT_TMP/fast.out")"
cmp -s "$DT_TMP/fast.out" "$DT_TMP/slow.out" ||
	dt_fail "fast and general paths differ: $(diff "$DT_TMP/fast.out" "$DT_TMP/slow.out" | head -20)"
grep -Eq '^dtrace: [0-9]+ aggregation drops? on CPU [0-9]+$' \
	"$DT_TMP/fast-drops.err" ||
	dt_fail "no aggregation drops: $(cat "$DT_TMP/fast-drops.err")"
sed 's/ on CPU [0-9]*$//' "$DT_TMP/fast-drops.err" >"$DT_TMP/fd"
sed 's/ on CPU [0-9]*$//' "$DT_TMP/slow-drops.err" >"$DT_TMP/sd"
cmp -s "$DT_TMP/fd" "$DT_TMP/sd" ||
	dt_fail "drops differ: '$(cat "$DT_TMP/fd")' against '$(cat "$DT_TMP/sd")'"
cmp -s "$DT_TMP/fast-drops.out" "$DT_TMP/slow-drops.out" ||
	dt_fail "with drops, fast and general paths differ: $(diff "$DT_TMP/fast-drops.out" "$DT_TMP/slow-drops.out" | head -20)"
exit 0
