#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid entry and return probes fire once per call with the arguments and return value
# requires: dtrace_fasttrap
#
# ASSERTION: under -c, pid$target:a.out:ut_add:entry fires 100 times
# for utarget -n 100, arg0 summing to 0+..+99 = 4950 and arg1 to 9900;
# uregs[R_RDI] is arg0; the return probe's arg1 (ut_add returns a + b)
# sums to 14850; the
# probe is named after the executable (a.out is an alias), and the
# program, printing its own sum, runs unharmed.  When dtrace has exited
# no user probe is left.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_run -c "$UT -n 100" -n '
	pid$target:a.out:ut_add:entry { @n = count(); @a = sum(arg0);
		@b = sum(arg1); @u = sum(uregs[R_RDI]); name = strjoin(probeprov, strjoin(":",
		strjoin(probemod, strjoin(":", strjoin(probefunc,
		strjoin(":", probename)))))); }
	pid$target:a.out:ut_add:return { @r = sum(arg1); }
	END { printf("name %s\n", name);
		printa("n %@d\n", @n); printa("a %@d\n", @a);
		printa("b %@d\n", @b); printa("r %@d\n", @r);
		printa("u %@d\n", @u); }'
ft_expect '^sum 14850 enabled 0$'
ft_expect '^name pid[0-9]+:utarget:ut_add:entry$'
ft_expect '^n 100$'
ft_expect '^a 4950$'
ft_expect '^b 9900$'
ft_expect '^r 14850$'
ft_expect '^u 4950$'
dt_wait 30 ft_no_sites || dt_fail "user probes left: $(ft_sites)"
exit 0
