/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The script "make demo" runs in the test guest: say hello from BEGIN,
 * sample what each CPU is running 97 times a second, stop after two
 * seconds and say goodbye from END.
 */
#pragma D option quiet

BEGIN
{
	printf("hello from dtrace, pid %d, on cpu %d\n", pid, cpu);
}

profile-97hz
{
	printf("%-16s on cpu %d\n", execname, cpu);
}

tick-2s
{
	exit(0);
}

END
{
	printf("goodbye from END on cpu %d\n", cpu);
}
