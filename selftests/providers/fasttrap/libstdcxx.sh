#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a system library's own USDT probes are listed and traced (libstdc++'s)
# requires: dtrace_fasttrap
#
# ASSERTION: a C++ program that throws and catches 12 exceptions lists
# libstdcxx<pid>:libstdc++.so.6:...:throw and catch under dtrace -l -c,
# and libstdcxx$target:::throw fires 12 times.  (Debian 12 builds glibc
# without USDT notes; its libstdc++ carries them.)
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v g++ >/dev/null || dt_skip "no g++"
cat >"$DT_TMP/thrower.cc" <<'CXX'
#include <cstdio>
#include <stdexcept>
int main()
{
	int caught = 0;
	for (int i = 0; i < 12; i++) {
		try {
			throw std::runtime_error("x");
		} catch (const std::exception &) {
			caught++;
		}
	}
	std::printf("caught %d\n", caught);
	return 0;
}
CXX
g++ -O1 -o "$DT_TMP/thrower" "$DT_TMP/thrower.cc" || dt_fail "g++ failed"
timeout 120 "$DTRACE" -l -c "$DT_TMP/thrower" >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace -l -c failed: $(cat "$DT_TMP/out")"
ft_expect ' libstdcxx[0-9]+ +libstdc\+\+\.so\.6 +[^ ]+ +throw$'
ft_expect ' libstdcxx[0-9]+ +libstdc\+\+\.so\.6 +[^ ]+ +catch$'
ft_run -c "$DT_TMP/thrower" -n 'libstdcxx$target:::throw { @ = count(); }
	END { printa("throws %@d\n", @); }'
ft_expect '^caught 12$'
ft_expect '^throws 12$'
exit 0
