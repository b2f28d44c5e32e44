/*
 * ASSERTION: a string indexed is its char at that index, as in DTrace,
 * for a string variable of any scope, an array element, a built-in
 * string and a string literal.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	s = "ABCDEFG";
	this->s = "abc";
	self->s = "xyz";
	a[1] = "012";
	printf("%d %c %c %c %d\n", s[1], this->s[2], self->s[0], a[1][1],
	    "hi"[1]);
	exit(0);
}
