/*
 * ASSERTION: strsize is the number of characters a string keeps, as in
 * DTrace: strings of exactly strsize characters survive whole in variables
 * of every scope, associative arrays, records and subroutine results;
 * longer ones are cut at strsize characters, a subroutine's argument too
 * (substr() of a long string starts from its first strsize characters).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	g = "abcde";
	self->t = "fghij";
	this->l = "klmno";
	a["k"] = "pqrst";
	printf("%s|%s|%s|%s|", g, self->t, this->l, a["k"]);
	printf("%s|%s|%s\n", "uvwxyz", substr("0123456789", 2),
	    strjoin("ab", "cdefg"));
	exit(0);
}
