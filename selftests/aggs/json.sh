#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: -O json prints one JSON object a line, records and aggregations
# requires: dtrace_profile
#
# ASSERTION: with -O json every line of the output is a JSON object that
# python's json module reads: a record of trace() and printf() with its
# probe and values, and one object per aggregation entry (a count, and
# a quantize with its buckets).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
command -v python3 >/dev/null || dt_skip "no python3"

st=0
timeout 120 "$DTRACE" -O json -n 'BEGIN { trace(42); printf("a \"b\"\n");
	@c["k"] = count(); @q = quantize(5); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
python3 -c '
import json, sys
objs = [json.loads(l) for l in sys.stdin]
rec = [o for o in objs if "probe" in o]
agg = [o for o in objs if "aggregation" in o]
assert len(rec) == 1 and rec[0]["probe"]["name"] == "BEGIN", objs
assert rec[0]["data"][0] == {"trace": 42}, rec
assert rec[0]["data"][1] == {"printf": "a \"b\"\n"}, rec
assert {"aggregation": "c", "keys": ["k"], "value": 1} in agg, agg
q = [o for o in agg if o["aggregation"] == "q"][0]
assert q["buckets"] == [{"value": 4, "count": 1}], q
' <"$DT_TMP/out" || dt_fail "bad JSON: $(cat "$DT_TMP/out")"
exit 0
