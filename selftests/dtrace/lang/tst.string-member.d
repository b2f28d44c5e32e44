/*
 * ASSERTION: A string member of a D struct holds the string (strsize
 * bytes, cut with a NUL to fit), as in DTrace, in a global, a self->
 * variable, an associative array element and scratch; a store through
 * a pointer to anything else faults.  The kernel's engine runs STSTR.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option strsize=16

struct s {
	int a;
	string n;
};

struct s g;
self struct s t;
struct s arr[int];

BEGIN
{
	g.a = 1;
	g.n = "a string longer than sixteen";
	self->t.n = strjoin("thr", "ead");
	arr[3].n = execname;
	p = (struct s *)alloca(sizeof(struct s));
	p->n = "scratch";
	printf("%s|%s|%d|%s|%d|%d\n", g.n, self->t.n, arr[3].n == execname,
	    p->n, sizeof(struct s), strlen(arr[4].n));
}

BEGIN
{
	q = (struct s *)curthread;
	q->n = "no";
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(0);
}
