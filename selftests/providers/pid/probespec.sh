#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a pid probe description that names no possible probe is refused with DTrace's tag
# requires: dtrace_fasttrap
#
# ASSERTION: with -x errtags, pid0:::entry is refused with
# [D_PROC_BADPID]; pid$target:a.out:main:beginning (a name that is
# neither entry, return nor an offset) and pid$target::-:10* (a glob
# where an address must stand) with [D_PROC_NAME]; an offset past the
# end of a function named without a glob with [D_PROC_OFF]; a
# description that matches no function still with [D_PDESC_ZERO].
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup

# refused DESC TAG: dtrace -xerrtags fails on DESC, saying TAG
refused() {
	if timeout 120 "$DTRACE" -q -xerrtags -c "$UT -n 1" \
		-n "$1 { exit(0); }" >"$DT_TMP/out" 2>&1; then
		dt_fail "$1 was accepted: $(cat "$DT_TMP/out")"
	fi
	ft_expect "\\[$2\\]"
}

refused 'pid0:::entry' D_PROC_BADPID
refused 'pid$target:a.out:main:beginning' D_PROC_NAME
refused 'pid$target::-:10*' D_PROC_NAME
refused 'pid$target:a.out:ut_add:fff0' D_PROC_OFF
refused 'pid$target:a.out:no_such_function:entry' D_PDESC_ZERO
exit 0
