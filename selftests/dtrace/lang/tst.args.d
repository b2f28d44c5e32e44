/*
 * ASSERTION: args[n] reads the same value as argn, the typed and the
 * raw view of one argument (BEGIN has none: see
 * errors/err.D_ARGS_IDX.begin.d).
 * requires: dtrace_syscall
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

syscall::ioctl:entry
/pid == $pid/
{
	printf("%d\n", args[0] == arg0 && args[2] == arg2);
	exit(0);
}
