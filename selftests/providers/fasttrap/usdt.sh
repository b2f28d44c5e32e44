#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: USDT probes from .note.stapsdt notes, with arguments and is-enabled semaphores
# requires: dtrace_fasttrap
#
# ASSERTION: dtrace -l -c utarget lists utest<pid>:utarget:work:tick and
# tick-enabled (the note's tick__enabled); utest$target:::tick fires 50
# times for utarget -n 50 with arg0 summing to 1225 and arg1 the string
# "tick"; while tick-enabled is traced its semaphore is set, so the
# program takes the is-enabled branch 50 times (it prints "enabled 50")
# and the probe fires 50 times; traced without it, and run untraced
# after, the program sees the semaphore clear ("enabled 0").  A provider
# glob, ute*:::tick, makes the probes of the -c target it matches
# (utest<pid>): 20 fires for utarget -n 20.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
timeout 120 "$DTRACE" -l -c "$UT -n 1" >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace -l -c failed: $(cat "$DT_TMP/out")"
ft_expect ' utest[0-9]+ +utarget +work +tick$'
ft_expect ' utest[0-9]+ +utarget +work +tick-enabled$'

ft_run -c "$UT -n 50" -n '
	utest$target:::tick { @n = count(); @s = sum(arg0);
		@w[copyinstr(arg1)] = count(); }
	utest$target:::tick-enabled { @e = count(); }
	END { printa("n %@d\n", @n); printa("s %@d\n", @s);
		printa("w %s %@d\n", @w); printa("e %@d\n", @e); }'
ft_expect '^sum 3675 enabled 50$'
ft_expect '^n 50$'
ft_expect '^s 1225$'
ft_expect '^w tick 50$'
ft_expect '^e 50$'

ft_run -c "$UT -n 20" -n 'utest$target:::tick { @n = count(); }
	END { printa("n %@d\n", @n); }'
ft_expect '^sum 570 enabled 0$'
ft_expect '^n 20$'

ft_run -c "$UT -n 20" -n 'ute*:::tick { @n = count(); }
	END { printa("g %@d\n", @n); }'
ft_expect '^g 20$'
"$UT" -n 5 >"$DT_TMP/out"
ft_expect '^sum 30 enabled 0$'
exit 0
