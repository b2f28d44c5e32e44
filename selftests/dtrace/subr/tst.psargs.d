/*
 * ASSERTION: _psargs() of the current task is its command line with the
 * arguments joined by single spaces (so this script's name follows a
 * space), capped at 79 characters; of another task (the parent) it is
 * that task's comm.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	this->a = _psargs(curthread);
	printf("%d %d %d\n", index(this->a, " tst.psargs.d") >= 0,
	    strlen(this->a) <= 79,
	    _psargs(curthread->real_parent) ==
	    stringof(curthread->real_parent->comm));
	exit(0);
}
