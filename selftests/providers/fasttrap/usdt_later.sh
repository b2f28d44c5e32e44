#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a provider glob traces the USDT probes of programs started after dtrace, from their first
# requires: dtrace_fasttrap dtrace_profile
#
# ASSERTION: with dtrace -Z running the description later*:::, a
# program built with dtrace -h and -G whose first statement fires
# later:::first and whose last fires later:::done, started twice by the
# test (not by dtrace, after tracing began), fires both probes each
# time, as its own provider laterPID, its first included; a program
# started by dtrace's system() fires them too.  The same path run first
# as a program without notes, then rebuilt with them, fires (dtrace
# remembers files without notes by their identity, not their path).
# When dtrace ends its probes go.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
cat >"$DT_TMP/p.d" <<'D'
provider later {
	probe first(int);
	probe done();
};
D
cat >"$DT_TMP/app.c" <<'C'
#include <stdlib.h>
#include "p.h"

int main(int argc, char **argv)
{
	LATER_FIRST(argc > 1 ? atoi(argv[1]) : 0);
	LATER_DONE();
	return 0;
}
C
ft_usdt_app
mv "$DT_TMP/app" "$DT_TMP/app.usdt"
printf 'int main(void) { return 0; }\n' >"$DT_TMP/plain.c"
cc -o "$DT_TMP/app" "$DT_TMP/plain.c" || dt_fail "cc plain.c failed"

dt_trace "
later*:::
/probeprov == strjoin(\"later\", lltostr(pid))/
{
	printf(\"%s %d %d\\n\", probename, pid,
	    probename == \"first\" ? arg0 : -1);
}
tick-1s
/n++ == 0/
{
	system(\"$DT_TMP/app.usdt 3\");
}" -Z -w
"$DT_TMP/app"
cp "$DT_TMP/app.usdt" "$DT_TMP/app.new"
mv "$DT_TMP/app.new" "$DT_TMP/app"
"$DT_TMP/app" 1 &
a=$!
wait "$a"
"$DT_TMP/app" 2 &
b=$!
wait "$b"
dt_wait 120 dt_has_lines "$DT_TMP/out" 7 ||
	dt_fail "not every probe fired: $(cat "$DT_TMP/out")"
dt_trace_stop

# later_fired PID ARG: PID fired first with ARG, then done
later_fired() {
	grep -q "^first $1 $2\$" "$DT_TMP/out" &&
		grep -q "^done $1 -1\$" "$DT_TMP/out"
}
later_fired "$a" 1 || dt_fail "the first program did not fire both: $(cat "$DT_TMP/out")"
later_fired "$b" 2 || dt_fail "the second program did not fire both: $(cat "$DT_TMP/out")"
c=$(awk '$1 == "first" && $3 == 3 { print $2 }' "$DT_TMP/out")
[ -n "$c" ] && later_fired "$c" 3 ||
	dt_fail "system()'s program did not fire both: $(cat "$DT_TMP/out")"
dt_wait 60 ft_no_sites || dt_fail "probes left after dtrace ended: $(ft_sites)"
exit 0
