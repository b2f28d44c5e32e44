// SPDX-License-Identifier: GPL-2.0
/*
 * Glob matching as probe description fields use it: every case of
 * framework/engine/glob_cases.h, the table the kernel's KTAP module
 * (selftests/modules/globtest) runs too, against the one matcher both
 * sides are built from.
 */
#include <stdio.h>
#include <engine/glob.h>
#include <engine/glob_cases.h>
#include "tap.h"

/* @s with backslashes, quotes and bytes outside ASCII's printable ones escaped. */
static const char *test_glob_esc(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	for (; *s && n + 5 < size; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c >= 0x7f)
			n += snprintf(buf + n, size - n, "\\x%02x", c);
		else if (c == '\\' || c == '"')
			n += snprintf(buf + n, size - n, "\\%c", c);
		else
			buf[n++] = (char)c;
	}
	buf[n] = '\0';
	return buf;
}

void test_glob(void)
{
	char p[128], s[128];
	size_t i;

	for (i = 0; i < sizeof(dtrace_glob_cases) / sizeof(dtrace_glob_cases[0]); i++) {
		const struct dtrace_glob_case *c = &dtrace_glob_cases[i];

		tap_ok(dtrace_match_glob(c->pattern, c->str) == c->match,
		       "glob: \"%s\" %s \"%s\"",
		       test_glob_esc(c->str, s, sizeof(s)),
		       c->match ? "matches" : "does not match",
		       test_glob_esc(c->pattern, p, sizeof(p)));
	}
}
