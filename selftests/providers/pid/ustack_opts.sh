#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: -x noresolve prints user addresses unresolved; -x evaltime is accepted
# requires: dtrace_fasttrap
#
# ASSERTION: with -x noresolve, ustack() at ut_leaf's entry prints each
# frame as OBJECT:0xADDR (utarget:0x..., libc.so.6:0x...), never as
# OBJECT`FUNCTION, and uaddr() likewise; without it the same frames are
# utarget`ut_leaf... . -x evaltime takes exec, preinit, postinit and
# main, and refuses anything else.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_run -x noresolve -c "$UT -n 1" -n 'pid$target:a.out:ut_leaf:entry {
	ustack(); printf("pc "); uaddr(uregs[R_PC]); printf("\n"); }'
ft_expect '^ *utarget:0x[0-9a-f]+$'
ft_expect '^ *libc\.so\.6:0x[0-9a-f]+$'
ft_expect '^pc *utarget:0x[0-9a-f]+'
if grep -q '`' "$DT_TMP/out"; then
	dt_fail "resolved under noresolve: $(cat "$DT_TMP/out")"
fi
ft_run -c "$UT -n 1" -n 'pid$target:a.out:ut_leaf:entry { ustack(); }'
ft_expect '^ *utarget`ut_leaf$'

for t in exec preinit postinit main; do
	ft_run -x evaltime=$t -c "$UT -n 2" -n 'pid$target:a.out:ut_add:entry {
		@ = count(); } END { printa("n %@d\n", @); }'
	ft_expect '^n 2$'
done
if timeout 60 "$DTRACE" -x evaltime=later -n 'BEGIN { exit(0); }' \
	>"$DT_TMP/out" 2>&1; then
	dt_fail "evaltime=later was accepted"
fi
exit 0
