// SPDX-License-Identifier: GPL-2.0
/*
 * A growing string buffer: what the printf engine and the record
 * printer format into before the text goes to the output file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt_printf.h"

static int dt_strbuf_reserve(struct dt_strbuf *sb, size_t more)
{
	size_t cap = sb->cap ? sb->cap : 128;
	char *s;

	if (sb->len + more + 1 <= sb->cap)
		return 0;
	while (cap < sb->len + more + 1)
		cap *= 2;
	s = realloc(sb->s, cap);
	if (!s)
		return -1;
	sb->s = s;
	sb->cap = cap;
	return 0;
}

int dt_strbuf_append(struct dt_strbuf *sb, const char *s, size_t len)
{
	if (dt_strbuf_reserve(sb, len))
		return -1;
	memcpy(sb->s + sb->len, s, len);
	sb->len += len;
	sb->s[sb->len] = '\0';
	return 0;
}

int dt_strbuf_printf(struct dt_strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || dt_strbuf_reserve(sb, (size_t)n))
		return -1;
	va_start(ap, fmt);
	vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
	return 0;
}

void dt_strbuf_free(struct dt_strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}
