#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists the eight tcp probes; -lv shows their translated argument types
# requires: dtrace_tcp
#
# ASSERTION: "dtrace -l -P tcp" lists exactly state-change,
# connect-request, connect-established, connect-refused,
# accept-established, accept-refused, send and receive.  "dtrace -lv"
# gives send args[0..4] as pktinfo_t *, csinfo_t *, ipinfo_t *,
# tcpsinfo_t *, tcpinfo_t * and no args[5]; state-change also has
# args[5], tcplsinfo_t *.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_tcp || dt_fail "modprobe dtrace_tcp failed"

timeout 120 "$DTRACE" -l -P tcp >"$DT_TMP/l" 2>"$DT_TMP/err" ||
	dt_fail "dtrace -l -P tcp: $(cat "$DT_TMP/err")"
got=$(awk 'NR > 1 { print $2, $NF }' "$DT_TMP/l" | sort)
want=$(printf 'tcp %s\n' accept-established accept-refused connect-established \
	connect-refused connect-request receive send state-change | sort)
[ "$got" = "$want" ] || {
	cat "$DT_TMP/l" >&2
	dt_fail "-l -P tcp lists '$got'"
}

# types PROBE: the "args[N]: TYPE" lines of dtrace -lv.
types() {
	timeout 120 "$DTRACE" -lv -n "tcp:::$1" >"$DT_TMP/v" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n tcp:::$1: $(cat "$DT_TMP/err")"
	sed -n 's/^[[:space:]]*\(args\[[0-9]\]: .*\)$/\1/p' "$DT_TMP/v"
}
five='args[0]: pktinfo_t *
args[1]: csinfo_t *
args[2]: ipinfo_t *
args[3]: tcpsinfo_t *
args[4]: tcpinfo_t *'
got=$(types send)
[ "$got" = "$five" ] || dt_fail "tcp:::send types: $got"
got=$(types state-change)
[ "$got" = "$five
args[5]: tcplsinfo_t *" ] || dt_fail "tcp:::state-change types: $got"
exit 0
