/*
 * ASSERTION: Without quiet, a record starts with the CPU, probe id and FUNCTION:NAME
 * columns and trace() output follows; dtrace exits 0 after exit(0).
 * (The CPU BEGIN runs on varies, so there is no .out file.)
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace("hello");
	trace(42);
	exit(0);
}
