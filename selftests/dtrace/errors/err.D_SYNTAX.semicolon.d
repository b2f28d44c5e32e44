/*
 * ASSERTION: Two statements without a semicolon between them are a syntax error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(1) trace(2)
}
