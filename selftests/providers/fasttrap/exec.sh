#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a traced process that execs leaves its probes behind
# requires: dtrace_fasttrap
#
# ASSERTION: utarget -n 20 -x utarget (which then execs utarget again,
# running 10 more rounds in a new image) fires pid$target:a.out:ut_add:entry
# exactly 20 times: the probes were of the old image.  dtrace exits when
# the process does, 0, and both images print their sums.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_run -c "$UT -n 20 -x $UT" -n 'pid$target:a.out:ut_add:entry { @ = count(); }
	END { printa("calls %@d\n", @); }'
ft_expect '^calls 20$'
ft_expect '^sum 570 enabled 0$'
ft_expect '^sum 135 enabled 0$'
dt_wait 30 ft_no_sites || dt_fail "user probes left: $(ft_sites)"
exit 0
