/*
 * ASSERTION: A missing closing brace is a syntax error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(1)

