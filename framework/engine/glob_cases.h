/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cases dtrace_match_glob() (glob.h) must get right, data only.
 * Both builds run every one: the host unit test
 * (userland/tests/test_glob.c) and the kernel's, the KTAP module
 * selftests/modules/globtest.  Add a case here, never to one side.
 */
#ifndef _DTRACE_ENGINE_GLOB_CASES_H
#define _DTRACE_ENGINE_GLOB_CASES_H

#include "types.h"

struct dtrace_glob_case {
	const char	*pattern;
	const char	*str;
	bool		match;
};

static const struct dtrace_glob_case dtrace_glob_cases[] = {
	/* empty pattern, empty string, stars */
	{ "", "", true },
	{ "", "read", true },
	{ "*", "", true },
	{ "*", "anything", true },
	{ "**", "", true },
	{ "**", "abc", true },
	{ "a**b", "ab", true },
	{ "a**b", "axxb", true },
	{ "?", "", false },
	{ "a", "", false },
	{ "read", "read", true },
	{ "read", "reads", false },
	{ "reads", "read", false },
	{ "r*", "read", true },
	{ "*d", "read", true },
	{ "*e*", "read", true },
	{ "*t*y", "entry", true },
	{ "*t*x", "entry", false },
	{ "*abd", "abcabd", true },
	{ "a*b*c", "aXbYbZc", true },
	{ "a*b*c", "aXbYbZ", false },
	{ "*a", "bbb", false },
	{ "*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false },
	/* ? */
	{ "?", "a", true },
	{ "?", "ab", false },
	{ "r?ad", "read", true },
	{ "r?d", "read", false },
	/* sets and ranges */
	{ "vfs_[rw]*", "vfs_read", true },
	{ "vfs_[rw]*", "vfs_open", false },
	{ "vfs_[!rw]*", "vfs_open", true },
	{ "vfs_[!rw]*", "vfs_read", false },
	{ "vfs_[^rw]*", "vfs_open", true },
	{ "[^a]*", "bc", true },
	{ "[^a]*", "abc", false },
	{ "[!a]*", "bc", true },
	{ "[^m]*", "main", false },
	{ "[^m]*", "ut_add", true },
	{ "[!a]", "", false },
	{ "tick-[0-9]*", "tick-1s", true },
	{ "tick-[0-9]*", "tick-s", false },
	{ "[a-c]", "b", true },
	{ "[a-c]", "d", false },
	{ "[a-cx-z]", "y", true },
	{ "[c-a]", "a", false },
	{ "[c-a]", "b", false },
	{ "[c-a]", "c", false },
	{ "[!c-a]", "b", true },
	{ "[-a]", "-", true },
	{ "[-a]", "a", true },
	{ "[-a]", "b", false },
	{ "[a-]", "-", true },
	{ "[a-]", "b", false },
	{ "[!-]", "-", false },
	{ "[!-]", "x", true },
	{ "[--0]", "/", true },
	{ "[]]", "]", true },
	{ "[]a]", "a", true },
	{ "[]a]", "b", false },
	{ "[!]]", "]", false },
	{ "[!]]", "a", true },
	{ "[^]]", "a", true },
	{ "[\\]]", "]", true },
	{ "[\\]]", "\\", false },
	{ "[\\-]", "-", true },
	{ "[a\\-z]", "-", true },
	{ "[a\\-z]", "z", true },
	{ "[a\\-z]", "b", false },
	{ "[\\a-\\c]", "b", true },
	{ "[a-\\]]", "b", false },
	/* a "[" that no "]" closes is an ordinary byte */
	{ "[", "[", true },
	{ "[", "a", false },
	{ "[ab", "[ab", true },
	{ "[ab", "a", false },
	{ "[]", "[]", true },
	{ "[!]", "[!]", true },
	{ "[a-", "[a-", true },
	{ "x[", "x[", true },
	{ "[a\\", "[a\\", true },
	{ "*[", "ab[", true },
	/* backslash */
	{ "a\\*b", "a*b", true },
	{ "a\\*b", "axb", false },
	{ "\\?", "?", true },
	{ "\\?", "x", false },
	{ "\\[a]", "[a]", true },
	{ "\\[a]", "a", false },
	{ "\\\\", "\\", true },
	{ "\\a", "a", true },
	{ "a\\", "a\\", true },
	{ "a\\", "a", false },
	/* bytes >= 0x80 (UTF-8 "é" is 0xc3 0xa9), compared unsigned */
	{ "caf\xc3\xa9", "caf\xc3\xa9", true },
	{ "caf?", "caf\xc3\xa9", false },
	{ "caf??", "caf\xc3\xa9", true },
	{ "caf*", "caf\xc3\xa9", true },
	{ "\xc3?", "\xc3\xa9", true },
	{ "[\xc3]\xa9", "\xc3\xa9", true },
	{ "[\x80-\xff]*", "\xc3\xa9t\xc3\xa9", true },
	{ "[\x80-\xff]", "z", false },
	{ "[!\x80-\xff]", "\xc3", false },
	{ "[a-\xff]", "z", true },
	{ "[a-\xff]", "\xe9", true },
	{ "[a-\xff]", "A", false },
};

#endif /* _DTRACE_ENGINE_GLOB_CASES_H */
