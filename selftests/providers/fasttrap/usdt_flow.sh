#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: -F indents USDT probes named entry, return, *-entry and *-return as calls, also under -q
# requires: dtrace_fasttrap
#
# ASSERTION: under -x flowindent and -q, a program firing USDT probes
# entry, -entry (__entry), foo-entry, carpentry, miniatureturn,
# foo-return, -return and done in that order prints the FUNCTION
# header and, before each record's own output, its flow column: "->"
# for a name that is entry or ends in -entry, one level deeper each,
# "<-" for return or *-return, one level out each, "| func:name" for
# the others (carpentry and miniatureturn only end in the letters).
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
cat >"$DT_TMP/p.d" <<'D'
provider flow {
	probe entry();
	probe __entry();
	probe foo__entry();
	probe carpentry();
	probe miniatureturn();
	probe foo__return();
	probe __return();
	probe done();
};
D
cat >"$DT_TMP/app.c" <<'C'
#include "p.h"

int main(void)
{
	FLOW_ENTRY();
	FLOW__ENTRY();
	FLOW_FOO_ENTRY();
	FLOW_CARPENTRY();
	FLOW_MINIATURETURN();
	FLOW_FOO_RETURN();
	FLOW__RETURN();
	FLOW_DONE();
	return 0;
}
C
ft_usdt_app
_DTRACE_TESTING=1 ft_run -F -c "$DT_TMP/app" -n 'flow$target::: { printf("%s\n", probename); }'
cat >"$DT_TMP/want" <<'T'
FUNCTION                                 
 -> main                                  entry
   -> main                                -entry
     -> main                              foo-entry
      | main:carpentry                    carpentry
      | main:miniatureturn                miniatureturn
     <- main                              foo-return
   <- main                                -return
  | main:done                             done

T
cmp -s "$DT_TMP/want" "$DT_TMP/out" || {
	diff "$DT_TMP/want" "$DT_TMP/out" >&2 || true
	dt_fail "flow column not as expected"
}
exit 0
