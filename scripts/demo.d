/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The script "make demo" runs in the test guest, where scripts/demo.sh
 * keeps a shell loop running commands: show each command line as it
 * is exec'd (proc provider), count system calls by process and call
 * (syscall provider), and after three seconds print the ten busiest.
 */
#pragma D option quiet

BEGIN
{
	printf("tracing exec and system calls for 3 seconds\n");
}

proc:::exec-success
{
	printf("exec %-6d %s\n", pid, curpsinfo->pr_psargs);
}

syscall:::entry
/pid != $pid/
{
	@calls[execname, probefunc] = count();
}

tick-3s
{
	exit(0);
}

END
{
	trunc(@calls, 10);
	printf("\n%-16s %-20s %8s\n", "EXECNAME", "SYSCALL", "COUNT");
	printa("%-16s %-20s %@8d\n", @calls);
}
