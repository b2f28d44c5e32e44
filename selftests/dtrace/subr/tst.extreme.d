/*
 * ASSERTION: subroutines given extreme positions, lengths and bases
 * (INT64_MAX, INT64_MIN, -1, 0) give DTrace's results and read nothing
 * out of bounds: no sum of a position or length and an address wraps.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

inline int64_t MAX = 0x7fffffffffffffff;
inline int64_t MIN = -0x7fffffffffffffff - 1;

BEGIN
{
	printf("%d %d %d %d %d\n", index("abc", "b", MAX), index("abc", "b", MIN),
	    index("abc", "", MAX), rindex("abc", "b", MAX), rindex("abc", "b", MIN));
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", substr("hello", 1, MAX),
	    substr("hello", MAX), substr("hello", MIN), substr("hello", MIN, MAX),
	    substr("hello", 2, MIN), substr("hello", MAX, MAX));
	printf("%s %s %s\n", lltostr(MIN), lltostr(MAX, 16), lltostr(-1, 2));
	printf("%d %d %d\n", strtoll("99999999999999999999"),
	    strtoll("-99999999999999999999"), strtoll("-9223372036854775808"));
	exit(0);
}
