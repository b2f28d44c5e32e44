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
ft_second_insn
off=$FT_OFF
ft_run -c "$UT -n 40" -n "pid\$target:a.out:ut_add:$off { @[probename] = count(); }
	END { printa(\"at %s %@d\\n\", @); }"
ft_expect "^at $off 40\$"
if timeout 120 "$DTRACE" -q -c "$UT -n 1" \
	-n 'pid$target:a.out:ut_add:fff0 { exit(0); }' >"$DT_TMP/out" 2>&1; then
	dt_fail "an offset past the function was accepted: $(cat "$DT_TMP/out")"
fi
ft_expect 'is past the end of the function'
exit 0
