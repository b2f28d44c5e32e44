/*
 * ASSERTION: The built-in variable probemod has a sane value in BEGIN (probemod == "").
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/probemod == ""/
{
	printf("probemod ok\n");
}

BEGIN
{
	exit(0);
}
