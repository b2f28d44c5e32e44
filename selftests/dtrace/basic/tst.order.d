/*
 * ASSERTION: Clauses for the same probe run in program order, empty statements
 * are allowed and the last statement may omit its semicolon.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("one\n");;
}

BEGIN
{
	;
	printf("two\n")
}

BEGIN
{
	exit(0)
}
