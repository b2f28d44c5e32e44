/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ASSERTION: dtrace:::BEGIN (like END) passes no arguments, so the
 * provider says so and args[0] in its clause is refused at compile
 * time with D_ARGS_IDX, as DTrace does.
 */
BEGIN
{
	trace(args[0]);
	exit(0);
}
