/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Glob matching of probe description fields, the one matcher both sides
 * use: the kernel matches descriptions against its probes with it
 * (provider.c exports it to providers as dtrace_match_glob()), and
 * userland chooses pid provider sites, symbols and, without a device,
 * probes with it.  If the two disagreed, "pid$target::[^m]*:entry" would
 * place one set of probes and enable another.  glob_cases.h holds the
 * cases both builds test.
 */
#ifndef _DTRACE_ENGINE_GLOB_H
#define _DTRACE_ENGINE_GLOB_H

#include "types.h"

/**
 * dtrace_match_glob() - does @str match the glob @pattern?
 * @pattern: a field of a probe description, NUL-terminated
 * @str: a name, NUL-terminated
 *
 * Shell-style, over bytes (a UTF-8 character is several bytes, each
 * compared by its unsigned value):
 *
 * - an empty pattern matches anything, as a blank field does;
 * - ``*`` matches any run of bytes, none included; ``**`` is ``*``;
 * - ``?`` matches any one byte;
 * - ``\c`` matches c itself; a backslash that ends the pattern matches
 *   a backslash;
 * - ``[set]`` matches one byte of the set, ``[!set]`` or ``[^set]`` one
 *   byte not in it (never the end of @str).  In a set, a ``]`` right
 *   after the ``[``, ``[!`` or ``[^`` is a member; ``a-z`` is every
 *   byte from a to z (none if z < a); a ``-`` first or last is a
 *   member; ``\c`` is c, so ``[\]]`` holds ``]`` and ``[a\-z]`` the
 *   three bytes a, - and z;
 * - a ``[`` with no ``]`` to close its set is an ordinary byte.
 *
 * Iterative with one backtracking point, the last ``*``: no recursion
 * and no allocation, at most length(@pattern) * length(@str) steps.
 *
 * Context: any; it touches nothing but its arguments.  The kernel calls
 * it in process context only (matching ENABLE and PROBEMATCH, and
 * providers' ->provide).
 * Return: true if @str matches.
 */
bool dtrace_match_glob(const char *pattern, const char *str);

#endif /* _DTRACE_ENGINE_GLOB_H */
