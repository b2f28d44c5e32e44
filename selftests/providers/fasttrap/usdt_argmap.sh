#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a USDT provider declaration's argument translation: args[] as declared, argN native
# requires: dtrace_fasttrap
#
# ASSERTION: for "probe place(int i, int j) : (int j, int i, int i, int
# j)", fired as place(10, 4), args[0..3] are 4 10 10 4 and arg0, arg1
# stay 10 4, both in a program built with dtrace -h and one built with
# <sys/sdt.h>'s DTRACE_PROBE2 (DTrace's usdt-tst-argmap), each linked
# with the object dtrace -G made from the declaration; args[0] has the
# declared type int (a negative value stays negative when widened);
# dtrace -lv shows the translated argument types.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_need_sdt
cd "$DT_TMP"
cat >p.d <<'D'
provider test_prov {
	probe place(int i, int j) : (int j, int i, int i, int j);
	probe neg(int v, long w) : (int v);
};
D
cat >hdr.c <<'C'
#include <stdlib.h>
#include "p.h"

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 5;

	for (i = 0; i < n; i++) {
		TEST_PROV_PLACE(10, 4);
		TEST_PROV_NEG(-3 - i, 0L);
	}
	return 0;
}
C
cat >sdt.c <<'C'
#include <stdlib.h>
#include <sys/sdt.h>

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 5;

	for (i = 0; i < n; i++) {
		DTRACE_PROBE2(test_prov, place, 10, 4);
		DTRACE_PROBE2(test_prov, neg, -3 - i, 0L);
	}
	return 0;
}
C
"$DTRACE" -h -s p.d || dt_fail "dtrace -h failed"
for prog in hdr sdt; do
	cc -O2 -c $prog.c || dt_fail "cc -c $prog.c failed"
	"$DTRACE" -G -s p.d -o $prog-p.o $prog.o || dt_fail "dtrace -G $prog.o failed"
	cc -o $prog $prog.o $prog-p.o || dt_fail "link $prog failed"
done
cd "$DT_TOP"

for prog in hdr sdt; do
	ft_run -c "$DT_TMP/$prog 5" -n '
		test_prov$target:::place {
			@p[args[0], args[1], args[2], args[3], arg0, arg1] = count();
		}
		test_prov$target:::neg { @n = sum(args[0]); }
		END { printa("place %d %d %d %d native %d %d: %@d\n", @p);
			printa("neg %@d\n", @n); }'
	ft_expect '^place 4 10 10 4 native 10 4: 5$'
	ft_expect '^neg -25$'
done

timeout 120 "$DTRACE" -lv -n 'test_prov$target:::place' -c "$DT_TMP/hdr 1" \
	>"$DT_TMP/out" 2>&1 || dt_fail "dtrace -lv failed: $(cat "$DT_TMP/out")"
ft_expect 'args\[0\]: int$'
ft_expect 'args\[3\]: int$'
exit 0
