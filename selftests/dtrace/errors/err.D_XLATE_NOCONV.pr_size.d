/*
 * ASSERTION: a psinfo_t member the translator leaves out (pr_size, as
 * in DTrace on Linux) is D_XLATE_NOCONV.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN
{
	trace(curpsinfo->pr_size);
}
