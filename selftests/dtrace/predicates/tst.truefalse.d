/*
 * ASSERTION: A clause whose predicate is false records nothing; true records.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
/0/
{
	printf("false ran\n");
}

BEGIN
/1/
{
	printf("true ran\n");
}

BEGIN
/pid == -1/
{
	printf("pid ran\n");
}

BEGIN
/execname == "dtrace" && probename != "END"/
{
	printf("strings ran\n");
}

BEGIN
{
	exit(0);
}
