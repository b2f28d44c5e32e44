/*
 * ASSERTION: timestamp does not go backwards between BEGIN and END.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d\n", timestamp > 0);
	exit(0);
}

END
/timestamp > 0/
{
	printf("end\n");
}
