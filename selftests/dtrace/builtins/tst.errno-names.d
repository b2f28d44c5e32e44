/*
 * ASSERTION: the D library names the errno values with Linux's numbers,
 * aliases included, so a predicate can say errno == ENOENT.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", EPERM, ENOENT, ENOEXEC, EINVAL);
	printf("%d %d\n", EAGAIN, EWOULDBLOCK);
	printf("%d %d\n", EDEADLK, EDEADLOCK);
	printf("%d %d\n", EOPNOTSUPP, ENOTSUP);
	printf("%d %d\n", ETIMEDOUT, EHWPOISON);
	printf("%d\n", errno == ENOENT);
	exit(0);
}
