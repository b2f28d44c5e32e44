#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a program built with dtrace -h and -G has USDT probes dtrace traces
# requires: dtrace_fasttrap
#
# ASSERTION: the Makefile flow of DTrace (dtrace -h -s p.d; cc -c;
# dtrace -G -s p.d app.o; cc app.o p.o) builds a program whose probes
# myapp$target:::query-start (int, const char *, uint64_t) fire 20 times
# with arg0 summing to 190, arg1 the string "select" and arg2 the
# 64-bit value 1 << 40; whose is-enabled macro is true exactly while the
# probe is enabled (the program counts 20, then 0 untraced); and
# myapp$target:::twice, whose macro is used twice, fires 40 times.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v cc >/dev/null || dt_skip "no C compiler"
cd "$DT_TMP"
cat >p.d <<'D'
provider myapp {
	probe query__start(int id, const char *text, uint64_t ns);
	probe twice(long v);
};
D
cat >app.c <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "p.h"

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 20, on = 0;

	for (i = 0; i < n; i++) {
		if (MYAPP_QUERY_START_ENABLED())
			on++;
		MYAPP_QUERY_START(i, "select", (uint64_t)1 << 40);
		MYAPP_TWICE((long)i);
		MYAPP_TWICE(-(long)i);
	}
	printf("on %d\n", on);
	return 0;
}
C
"$DTRACE" -h -s p.d || dt_fail "dtrace -h failed"
cc -O2 -c app.c || dt_fail "cc -c failed"
"$DTRACE" -G -s p.d app.o || dt_fail "dtrace -G failed"
cc -o app app.o p.o || dt_fail "link failed"
cd "$DT_TOP"

ft_run -c "$DT_TMP/app 20" -n '
	myapp$target:::query-start { @n = count(); @id = sum(arg0);
		@s[copyinstr(arg1)] = count(); @ns = max(arg2); }
	myapp$target:::twice { @t = count(); }
	END { printa("n %@d\n", @n); printa("id %@d\n", @id);
		printa("s %s %@d\n", @s); printa("ns %@d\n", @ns);
		printa("t %@d\n", @t); }'
ft_expect '^on 20$'
ft_expect '^n 20$'
ft_expect '^id 190$'
ft_expect '^s select 20$'
ft_expect '^ns 1099511627776$'
ft_expect '^t 40$'
"$DT_TMP/app" 5 >"$DT_TMP/out"
ft_expect '^on 0$'
exit 0
