// SPDX-License-Identifier: GPL-2.0
/*
 * Shell-style glob matching of probe description fields: '*', '?',
 * '[...]' classes with ranges and '!' or '^' negation, and backslash
 * escapes.  The kernel matches descriptions itself; this copy serves the
 * device-less probe table (DTRACE_O_NODEV) and must agree with it.
 */
#include "dt_impl.h"

/* Match one class at @p against @c; return the position after it. */
static const char *dt_gmatch_class(const char *p, char c, bool *matched)
{
	bool neg = false, hit = false;
	const char *start;

	p++;	/* '[' */
	if (*p == '!' || *p == '^') {
		neg = true;
		p++;
	}
	start = p;
	while (*p && (*p != ']' || p == start)) {
		char lo = *p, hi;

		if (lo == '\\' && p[1])
			lo = *++p;
		hi = lo;
		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 2;
			if (hi == '\\' && p[1])
				hi = *++p;
		}
		if (c >= lo && c <= hi)
			hit = true;
		p++;
	}
	if (*p != ']')
		return NULL;	/* unterminated: '[' is not a class */
	*matched = hit != neg;
	return p + 1;
}

/**
 * dt_gmatch() - does @s match the glob @pattern
 *
 * An empty pattern matches anything, as in a probe description.
 */
bool dt_gmatch(const char *s, const char *pattern)
{
	const char *p = pattern;
	const char *star_p = NULL, *star_s = NULL;

	if (!*pattern)
		return true;

	while (*s) {
		bool ok = false;
		const char *next = NULL;

		switch (*p) {
		case '*':
			star_p = ++p;
			star_s = s;
			continue;
		case '?':
			ok = true;
			next = p + 1;
			break;
		case '[':
			next = dt_gmatch_class(p, *s, &ok);
			if (!next) {
				ok = *s == '[';
				next = p + 1;
			}
			break;
		case '\\':
			/* a trailing backslash is itself */
			ok = *s == (p[1] ? p[1] : '\\');
			next = p[1] ? p + 2 : p + 1;
			break;
		default:
			ok = *p && *s == *p;
			next = p + 1;
			break;
		}
		if (ok) {
			p = next;
			s++;
			continue;
		}
		if (!star_p)
			return false;
		p = star_p;
		s = ++star_s;
	}
	while (*p == '*')
		p++;
	return *p == '\0';
}
