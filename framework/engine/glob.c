// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_match_glob(): shell-style globs over bytes, the semantics
 * glob.h spells out.  Kernel-neutral (engine/types.h): built into
 * dtrace_core.ko and, unchanged, into userland's libdtrace.
 */
#include "glob.h"

/*
 * The byte at @p of a set, a backslash taking the next one as it is.
 * Return: the position after it, NULL if the pattern ends first.
 */
static const char *dtrace_glob_byte(const char *p, u8 *c)
{
	if (*p == '\\')
		p++;
	if (!*p)
		return NULL;
	*c = (u8)*p;
	return p + 1;
}

/*
 * The set "[...]" that starts at @p: is @c in it (or, negated, not)?
 * Return: the position after its "]" with *@in set, or NULL if no "]"
 * closes it, in which case the "[" is an ordinary byte.
 */
static const char *dtrace_glob_set(const char *p, u8 c, bool *in)
{
	bool negate = false, hit = false;
	const char *first;
	u8 lo, hi;

	p++;
	if (*p == '!' || *p == '^') {
		negate = true;
		p++;
	}
	first = p;
	while (*p != ']' || p == first) {
		p = dtrace_glob_byte(p, &lo);
		if (!p)
			return NULL;
		hi = lo;
		if (p[0] == '-' && p[1] && p[1] != ']') {
			p = dtrace_glob_byte(p + 1, &hi);
			if (!p)
				return NULL;
		}
		if (c >= lo && c <= hi)
			hit = true;
	}
	*in = hit != negate;
	return p + 1;
}

/*
 * Match the one-byte element at @p (not "*", not the pattern's end)
 * against @c, which is not NUL.
 * Return: the position after the element, with *@ok set.
 */
static const char *dtrace_glob_step(const char *p, u8 c, bool *ok)
{
	const char *next;

	switch (*p) {
	case '?':
		*ok = true;
		return p + 1;
	case '[':
		next = dtrace_glob_set(p, c, ok);
		if (next)
			return next;
		break;		/* unterminated: an ordinary "[" */
	case '\\':
		if (p[1]) {
			*ok = c == (u8)p[1];
			return p + 2;
		}
		break;		/* ends the pattern: a backslash */
	}
	*ok = c == (u8)*p;
	return p + 1;
}

bool dtrace_match_glob(const char *pattern, const char *str)
{
	const char *star_p = NULL, *star_s = NULL;
	const char *p = pattern, *s = str;
	bool ok;

	if (!*p)
		return true;
	for (;;) {
		if (*p == '*') {
			star_p = ++p;
			star_s = s;
			continue;
		}
		if (!*s)
			return !*p;	/* no star can take less than nothing */
		ok = false;
		if (*p) {
			const char *next = dtrace_glob_step(p, (u8)*s, &ok);

			if (ok) {
				p = next;
				s++;
				continue;
			}
		}
		/* Mismatch: the last star takes one byte more, if any. */
		if (!star_p)
			return false;
		p = star_p;
		s = ++star_s;
	}
}
