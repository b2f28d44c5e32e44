// SPDX-License-Identifier: GPL-2.0
/*
 * Glob matching as probe description fields use it.
 */
#include "dt_impl.h"
#include "tap.h"

void test_glob(void)
{
	static const struct {
		const char *s, *pat;
		bool match;
	} cases[] = {
		{ "read", "read", true },
		{ "read", "reads", false },
		{ "read", "", true },
		{ "", "", true },
		{ "", "*", true },
		{ "read", "r*", true },
		{ "read", "*d", true },
		{ "read", "*e*", true },
		{ "read", "r?ad", true },
		{ "read", "r?d", false },
		{ "vfs_read", "vfs_[rw]*", true },
		{ "vfs_open", "vfs_[rw]*", false },
		{ "vfs_open", "vfs_[!rw]*", true },
		{ "tick-1s", "tick-[0-9]*", true },
		{ "tick-s", "tick-[0-9]*", false },
		{ "a*b", "a\\*b", true },
		{ "axb", "a\\*b", false },
		{ "entry", "*t*y", true },
		{ "entry", "*t*x", false },
		{ "abcabd", "*abd", true },
		{ "[", "[", true },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tap_ok(dt_gmatch(cases[i].s, cases[i].pat) == cases[i].match,
		       "glob: \"%s\" %s \"%s\"", cases[i].s,
		       cases[i].match ? "matches" : "does not match",
		       cases[i].pat);
}
