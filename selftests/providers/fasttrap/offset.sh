#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid offset probes fire at an instruction inside a function
# requires: dtrace_fasttrap
#
# ASSERTION: pid$target:a.out:ut_add:OFF, OFF the (hex) offset of
# ut_add's second instruction as objdump disassembles it, fires 40 times
# for utarget -n 40 and is named by that offset; an offset past the end
# of the function is refused, saying so.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v objdump >/dev/null || dt_skip "no objdump"
# the second instruction's address minus the first's
# shellcheck disable=SC2046 # two addresses
set -- $(objdump -d --no-show-raw-insn "$UT" |
	awk '/<ut_add>:$/ { f = 1; next }
	     f && /^ *[0-9a-f]+:/ { sub(":", "", $1); print $1; if (++n == 2) exit }
	     f && /^$/ { exit }')
off=
[ $# -eq 2 ] && off=$(printf '%x' $((0x$2 - 0x$1)))
[ -n "$off" ] || dt_fail "cannot find ut_add's second instruction"
ft_run -c "$UT -n 40" -n "pid\$target:a.out:ut_add:$off { @[probename] = count(); }
	END { printa(\"at %s %@d\\n\", @); }"
ft_expect "^at $off 40\$"
if timeout 120 "$DTRACE" -q -c "$UT -n 1" \
	-n 'pid$target:a.out:ut_add:fff0 { exit(0); }' >"$DT_TMP/out" 2>&1; then
	dt_fail "an offset past the function was accepted: $(cat "$DT_TMP/out")"
fi
ft_expect 'is past the end of the function'
exit 0
