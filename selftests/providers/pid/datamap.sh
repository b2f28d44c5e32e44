#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a process that maps a file that is not ELF still gets its pid probes
# requires: dtrace_fasttrap
#
# ASSERTION: for a running process (-p) that has a data file mapped (as
# locale files are) and calls malloc() in a loop,
# pid$target::malloc:entry (every object) is made and fires: the file
# that is no ELF object is passed over, not an error.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v cc >/dev/null || dt_skip "no C compiler"
cat >"$DT_TMP/datamap.c" <<'EOC'
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd = open(argv[argc - 1], O_RDONLY);

	if (fd < 0 || mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0) ==
	    MAP_FAILED)
		return 1;
	for (;;) {
		void *volatile p = malloc(32);

		free(p);
		usleep(20000);
	}
}
EOC
head -c 8192 /dev/zero | tr '\0' 'x' >"$DT_TMP/data"
cc -O1 -o "$DT_TMP/datamap" "$DT_TMP/datamap.c" || dt_fail "cc failed"
"$DT_TMP/datamap" "$DT_TMP/data" &
pid=$!
dt_wait 60 sh -c "grep -q '$DT_TMP/data' /proc/$pid/maps" ||
	{ kill "$pid"; dt_fail "the data file was not mapped"; }
st=0
timeout 120 "$DTRACE" -q -p "$pid" -n 'pid$target::malloc:entry {
	printf("in %s\n", probemod); exit(0); }' >"$DT_TMP/out" 2>&1 || st=$?
kill "$pid"
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/out")"
ft_expect '^in libc\.so\.6$'
exit 0
