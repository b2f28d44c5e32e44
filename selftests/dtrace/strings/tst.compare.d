/*
 * ASSERTION: Strings compare with == != < <= > >= by their characters.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", "abc" == "abc", "abc" != "abd",
	    "abc" < "abd", "abd" <= "abc", "b" > "abc", "" >= "");
	printf("%d %d\n", execname == "dtrace", probename < "END");
	printf("%s\n", pid > 0 ? "yes" : "no");
	exit(0);
}
