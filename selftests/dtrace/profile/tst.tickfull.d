/*
 * ASSERTION: A fully qualified profile probe description matches.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

profile:::tick-200ms
{
	printf("%s %s\n", probeprov, probename);
	exit(0);
}
