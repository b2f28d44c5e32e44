/*
 * ASSERTION: exit() is recorded at most once: a profile clause that fires
 * on every CPU at about the same time and calls exit() prints one line,
 * since a clause that exits second on another CPU records nothing.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

profile-997
{
	printf("fired\n");
	exit(0);
}
