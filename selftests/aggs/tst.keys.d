/*
 * ASSERTION: String keys print as "  %-50s", entries by value, ties by key.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	@["sshd"] = count();
	@["bash"] = count(); @["bash"] = count(); @["bash"] = count();
	@["cron"] = count();
	exit(0);
}
