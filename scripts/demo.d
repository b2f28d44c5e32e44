/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The script "make demo" runs in the test guest (scripts/demo.sh keeps
 * a "yes" busy there): say hello from BEGIN, sample what each CPU runs
 * five times a second, stop after two seconds, say goodbye from END.
 */
#pragma D option quiet

BEGIN
{
	printf("hello from dtrace (pid %d) on cpu %d\n", pid, cpu);
}

profile-5hz
{
	printf("%-16s pid %-6d on cpu %d\n", execname, pid, cpu);
}

tick-2s
{
	exit(0);
}

END
{
	printf("goodbye from END on cpu %d\n", cpu);
}
