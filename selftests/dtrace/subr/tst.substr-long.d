/*
 * ASSERTION: substr() of a kernel string longer than strsize takes its
 * characters from the index on, past its first strsize: the index counts
 * within the strsize characters strlen() sees
 * (funcs/substr/tst.substr_nonDPTR.d).  A D string (in a variable, in
 * scratch, copied in from user space, stringof()) ends at its strsize.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option strsize=13

BEGIN
{
	this->b = (char *)&`linux_banner;
	printf("|%s|%s|%s|%s|\n", substr(this->b, 1), substr(this->b, 6, 7),
	    substr(this->b, -7, 7), substr(this->b, 13));
	printf("|%s|%s|%s|\n", substr(this->b, 1, -2), substr(this->b, -20, 8),
	    substr(this->b, 1, 0x7fffffffffffffff));
	x = "Linux version 6";
	printf("|%s|%s|\n", substr(x, 1),
	    substr(strjoin("Linux ", "version 6"), 1));
	printf("|%s|\n", substr(curthread->comm, 2));
	printf("|%s|\n", substr(stringof(this->b), 1));
	/* dtrace's argv[0], copied in: 12 characters at most */
	this->u = curthread->mm->arg_start;
	this->n = strlen(copyinstr(this->u));
	printf("%d\n", substr(copyinstr(this->u), 1) ==
	    substr(copyinstr(this->u + 1), 0, this->n - 1));
	exit(0);
}
