#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a provider glob traces the USDT probes of the -c target's fork and vfork children as their own providers
# requires: dtrace_fasttrap
#
# ASSERTION: a program built with dtrace -h and -G fires forkapp:::go
# once, forks a child that fires it once and exits, vforks a child that
# execs /bin/true, then fires it once more.  Under
# dtrace -Z -c with the description forkapp*:::go, the probe fires three
# times: twice in the target, as forkapp$target, and once in the fork
# child, as forkappCHILD (the provider named after the process that
# fired it).  The target, traced by dtrace to follow its forks, still
# gets its signals and execs as untraced: it stops itself with SIGSTOP
# and a SIGCONT from the test resumes it; it handles a SIGUSR1 it sends
# itself (and says so), then execs echo, which prints.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
cat >"$DT_TMP/p.d" <<'D'
provider forkapp {
	probe go();
};
D
cat >"$DT_TMP/app.c" <<'C'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "p.h"

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	usr1++;
}

int main(void)
{
	pid_t c;

	signal(SIGUSR1, on_usr1);
	FORKAPP_GO();
	c = fork();
	if (c == 0) {
		FORKAPP_GO();
		_exit(0);
	}
	waitpid(c, NULL, 0);
	c = vfork();
	if (c == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(1);
	}
	waitpid(c, NULL, 0);
	FORKAPP_GO();
	printf("app stopping\n");
	fflush(stdout);
	raise(SIGSTOP);
	kill(getpid(), SIGUSR1);
	printf("app usr1 %d\n", (int)usr1);
	fflush(stdout);
	execl("/bin/echo", "echo", "app exec", (char *)NULL);
	return 1;
}
C
ft_usdt_app

# the SIGCONT, once the program has stopped itself
(
	i=0
	while [ $i -lt 600 ]; do
		if grep -q '^app stopping$' "$DT_TMP/out" 2>/dev/null; then
			for p in $(pgrep -x app); do
				case $(awk '{ print $3 }' "/proc/$p/stat") in
				T|t) kill -CONT "$p"; exit 0 ;;
				esac
			done
		fi
		sleep 0.2
		i=$((i + 1))
	done
) &
ft_run -Z -c "$DT_TMP/app" -n '
forkapp*:::go
{
	printf("%s %s\n", pid == $target ? "target" : "child",
	    probeprov == strjoin("forkapp", lltostr(pid)) ? "own" : "other");
}'
grep -q '^app usr1 1$' "$DT_TMP/out" ||
	dt_fail "the program did not handle its SIGUSR1: $(cat "$DT_TMP/out")"
grep -q '^app exec$' "$DT_TMP/out" ||
	dt_fail "the program did not exec echo: $(cat "$DT_TMP/out")"
grep -E '^(target|child) ' "$DT_TMP/out" | sort >"$DT_TMP/got"
printf 'child own\ntarget own\ntarget own\n' >"$DT_TMP/want"
cmp -s "$DT_TMP/want" "$DT_TMP/got" || {
	diff "$DT_TMP/want" "$DT_TMP/got" >&2 || true
	dt_fail "forkapp*:::go did not fire in the target and its child"
}
exit 0
