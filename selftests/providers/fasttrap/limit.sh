#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a wide pid enabling over dtrace_fasttrap's limit is refused with a clear message
# requires: dtrace_fasttrap
#
# ASSERTION: with dtrace_fasttrap loaded with max_enabled=20,
# pid$target:libc.so.6::entry (thousands of functions) fails before any
# probe is made, naming the limit; pid$target:a.out:ut_*:entry and
# :return (four functions, four probes each) still work.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
dt_rmmod dtrace_fasttrap
modprobe -d "$MODROOT" dtrace_fasttrap max_enabled=20 ||
	dt_fail "cannot load dtrace_fasttrap max_enabled=20"
if timeout 120 "$DTRACE" -q -c "$UT -n 1" \
	-n 'pid$target:libc.so.6::entry { @ = count(); }' >"$DT_TMP/out" 2>&1; then
	dt_fail "accepted: $(cat "$DT_TMP/out")"
fi
ft_expect 'matches [0-9]+ user probes, more than the 20 dtrace_fasttrap lets be enabled at once'
ft_no_sites || dt_fail "probes were made: $(ft_sites)"
ft_run -c "$UT -n 4" -n 'pid$target:a.out:ut_*:entry,
	pid$target:a.out:ut_*:return { @[probefunc, probename] = count(); }
	END { printa("%s %s %@d\n", @); }'
ft_expect '^ut_add entry 4$'
ft_expect '^ut_leaf return 4$'
exit 0
