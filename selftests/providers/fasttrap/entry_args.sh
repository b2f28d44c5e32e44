#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid entry and offset probes give arg0..arg5 from the six argument registers, 0 past them
# requires: dtrace_fasttrap
#
# ASSERTION: for utarget -n 50, at pid$target:a.out:ut_add:entry and at
# ut_add's second instruction (an offset probe), in each of the 50
# firings arg0..arg5 are uregs[R_RDI], R_RSI, R_RDX, R_RCX, R_R8 and
# R_R9 (the x86-64 calling convention's argument registers, whatever the
# function takes), arg6..arg9 read 0, and the entry's arg0 and arg1 are
# ut_add's i and 2 * i (sums 1225 and 2450).
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_second_insn
ft_run -c "$UT -n 50" -n "
	pid\$target:a.out:ut_add:entry, pid\$target:a.out:ut_add:$FT_OFF {
		@n[probename] = count();
		@bad[probename] = sum(arg0 != uregs[R_RDI] ||
		    arg1 != uregs[R_RSI] || arg2 != uregs[R_RDX] ||
		    arg3 != uregs[R_RCX] || arg4 != uregs[R_R8] ||
		    arg5 != uregs[R_R9] || arg6 != 0 || arg7 != 0 ||
		    arg8 != 0 || arg9 != 0);
	}
	pid\$target:a.out:ut_add:entry { @a = sum(arg0); @b = sum(arg1); }
	END { printa(\"n %s %@d\\n\", @n); printa(\"bad %s %@d\\n\", @bad);
		printa(\"a %@d\\n\", @a); printa(\"b %@d\\n\", @b); }"
ft_expect '^n entry 50$'
ft_expect "^n $FT_OFF 50\$"
ft_expect '^bad entry 0$'
ft_expect "^bad $FT_OFF 0\$"
ft_expect '^a 1225$'
ft_expect '^b 2450$'
exit 0
