/*
 * ASSERTION: a string compared with NULL is a string comparison in
 * which NULL reads as "", as in DTrace; NULL (strchr() finding nothing,
 * or NULL itself) stores into a string variable of any scope as "", and
 * into a thread-local or an associative array element frees it.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	g = "full";
	g = strchr("abc", 'Z');
	self->t = "full";
	self->t = NULL;
	a["k"] = "full";
	a["k"] = strstr("abc", "Z");
	this->l = "full";
	this->l = NULL;
	printf("%d %d %d %d\n", g == NULL, self->t == NULL, a["k"] == NULL,
	    this->l == NULL);
	printf("%d %d %d\n", strchr("abc", 'b') != NULL, "" == NULL,
	    "x" == NULL);
	printf("[%s][%s]\n", g, self->t);
	exit(0);
}
