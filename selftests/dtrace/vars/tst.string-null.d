/*
 * ASSERTION: a string variable of any scope may hold NULL (strchr()
 * finding nothing, or NULL itself), as in DTrace: it compares equal to
 * NULL, a thread-local or array element set to NULL is freed and an
 * unset one reads as NULL, and reading through NULL faults BADADDR at 0.
 * A string compared with NULL is a string comparison in which NULL is
 * less than every string, "" too, and equal only to NULL.
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
	printf("%d %d %d %d %d\n", g == NULL, self->t == NULL, a["k"] == NULL,
	    this->l == NULL, self->unset == NULL);
	printf("%d %d %d %d %d\n", strchr("abc", 'b') != NULL, "" == NULL,
	    "x" == NULL, NULL < "", "" > NULL);
}

BEGIN
{
	printf("%s\n", g);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %s at %d\n", arg4 == DTRACEFLT_BADADDR ? "BADADDR" : "?",
	    arg5);
}
