#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a probe hit by several threads at once counts every hit
# requires: dtrace_fasttrap
#
# ASSERTION: utarget with 4 threads of 300 rounds each fires
# pid$target:a.out:ut_add:entry and :return 1200 times each, from 4
# distinct thread ids, on however many CPUs the guest has.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_run -c "$UT -n 300 -t 4" -n '
	pid$target:a.out:ut_add:entry { @e = count(); @t[tid] = count(); }
	pid$target:a.out:ut_add:return { @r = count(); }
	END { printa("entry %@d\n", @e); printa("return %@d\n", @r);
		printa("tid %d %@d\n", @t); }'
ft_expect '^entry 1200$'
ft_expect '^return 1200$'
[ "$(grep -c '^tid [0-9]* 300$' "$DT_TMP/out")" -eq 4 ] ||
	dt_fail "not 300 calls from each of 4 threads: $(cat "$DT_TMP/out")"
exit 0
