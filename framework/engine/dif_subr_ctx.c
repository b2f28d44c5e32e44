// SPDX-License-Identifier: GPL-2.0
/*
 * DIF subroutines: what DTRACE_DIF_OP_CALL runs (strlen, strjoin,
 * copyin, inet_ntop, ...).  Semantics, argument kinds and faults of each
 * one are in docs/subroutines.md; the list (names, argument counts) is
 * the ABI header's DTRACE_DIF_SUBR_LIST.  The ones that read the running
 * system (d_path, mutex_owned, progenyof, rand ...) are each build's, in
 * dtrace_env_subr() (env.h).
 *
 * Kernel-neutral (engine/dif.h); probe context in the kernel, under the
 * rules at the top of framework/probe_ctx.c: no locks, no sleeping, no
 * allocation.  Traced memory is read only through dtrace_dif_read(), in
 * chunks that never cross a page, so a string that ends just before an
 * unmapped page reads fine and a bad address faults at the exact byte.
 * Strings hold at most strsize - 1 characters.  Results and
 * temporaries live in the clause's scratch space; temporaries are given
 * back before returning.  Positions, lengths and counts come from the
 * program: no sum of one of them and an address or a size is formed
 * where it could wrap.
 */
#include "dif.h"
#include "env.h"

#define DTRACE_S64_MAX		((s64)(~0ULL >> 1))
/* Bytes copyout() moves per step through its stack buffer. */
#define DTRACE_BOUNCE		128
/* Linux's address families, as inet_ntop() takes them. */
#define DTRACE_AF_INET		2
#define DTRACE_AF_INET6		10
/* Linux's hardware types, as link_ntop() takes them, and their lengths. */
#define DTRACE_ARPHRD_ETHER	1
#define DTRACE_ARPHRD_INFINIBAND	32
#define DTRACE_ETH_ADDR_LEN	6
#define DTRACE_IB_ADDR_LEN	20
/* A kernel dev_t: 12 bits of major above 20 of minor. */
#define DTRACE_MINORBITS	20

static size_t dtrace_subr_page_left(uintptr_t addr)
{
	return DTRACE_ENGINE_PAGE - (addr & (DTRACE_ENGINE_PAGE - 1));
}

/**
 * dtrace_dif_strload() - copy a string, bounded, NUL-terminated
 * @mst: machine state; a bad byte faults BADADDR
 * @dst: @max + 1 bytes
 * @src: kernel address, or user address if @user
 * @max: most characters
 * @user: @src is the current task's user address
 *
 * Pages are read only as far as the string goes.
 * Context: probe context.
 * Return: the length, or -1 after a fault.
 */
int dtrace_dif_strload(struct dtrace_dif_mstate *mst, char *dst,
		       uintptr_t src, u32 max, bool user)
{
	u32 done = 0, i;

	while (done < max) {
		u32 k = dtrace_dif_min(max - done,
				       dtrace_subr_page_left(src + done));

		if (!dtrace_dif_read(mst, dst + done, src + done, k, user))
			return -1;
		for (i = done; i < done + k; i++)
			if (!dst[i])
				return i;
		done += k;
	}
	dst[max] = '\0';
	return max;
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_strload);

/* The most characters a string may have: strsize counts the NUL. */
static u32 dtrace_subr_maxlen(const struct dtrace_dif_mstate *mst)
{
	return mst->strsize ? mst->strsize - 1 : 0;
}

/**
 * dtrace_dif_strbuf() - a string buffer in scratch
 * @mst: machine state of the firing
 *
 * Context: probe context.
 * Return: strsize zeroed bytes, or NULL after a NOSCRATCH fault.
 */
char *dtrace_dif_strbuf(struct dtrace_dif_mstate *mst)
{
	return dtrace_dif_scratch_alloc(mst, dtrace_subr_maxlen(mst) + 1);
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_strbuf);

/*
 * Load string argument @src into a fresh scratch buffer; its length goes
 * to @len.  NULL after a fault.
 */
static char *dtrace_subr_strarg(struct dtrace_dif_mstate *mst, uintptr_t src,
				int *len)
{
	char *buf = dtrace_dif_strbuf(mst);

	if (!buf)
		return NULL;
	*len = dtrace_dif_strload(mst, buf, src, dtrace_subr_maxlen(mst),
				  false);
	return *len < 0 ? NULL : buf;
}

/*
 * Give back the scratch allocated after @mark: the temporaries of one
 * subroutine, once its result (allocated before @mark) is complete.
 */
static void dtrace_subr_scratch_release(struct dtrace_dif_mstate *mst,
					uintptr_t mark)
{
	mst->scratch_ptr = mark;
}

/* --- strings ------------------------------------------------------- */

static u64 dtrace_subr_strlen(struct dtrace_dif_mstate *mst, uintptr_t s)
{
	uintptr_t mark = mst->scratch_ptr;
	int len;

	if (!dtrace_subr_strarg(mst, s, &len))
		return 0;
	dtrace_subr_scratch_release(mst, mark);
	return len;
}

static u64 dtrace_subr_strjoin(struct dtrace_dif_mstate *mst, uintptr_t a,
			       uintptr_t b)
{
	u32 max = dtrace_subr_maxlen(mst);
	char *buf = dtrace_dif_strbuf(mst);
	int la;

	if (!buf)
		return 0;
	la = dtrace_dif_strload(mst, buf, a, max, false);
	if (la < 0 || dtrace_dif_strload(mst, buf + la, b, max - la,
					 false) < 0)
		return 0;
	return (uintptr_t)buf;
}

/*
 * The characters of the char * @s past its first strsize (which are in
 * the result already), up to @more of them, appended at @buf; @s had no
 * NUL in its first @len == strsize.  The byte at @len is read alone
 * first: a string of exactly strsize characters ends there, and nothing
 * past its NUL is read.  Return: the characters appended, or -1 after a
 * fault.
 */
static int dtrace_subr_substr_more(struct dtrace_dif_mstate *mst, char *buf,
				   uintptr_t s, u32 len, u32 more)
{
	char c;

	if (!dtrace_dif_read(mst, &c, s + len, 1, false))
		return -1;
	if (!c) {
		buf[0] = '\0';
		return 0;
	}
	return dtrace_dif_strload(mst, buf, s + len, more, false);
}

/*
 * substr(s, index[, length]).  The index counts within the characters
 * strlen() sees, strsize at most: a negative one from their end, and a
 * start at or past their end gives "".  From the start, the result
 * takes length characters (or up to the end), strsize at most; a char *
 * (@s not a D string, @str false) longer than strsize is read on past
 * its first strsize characters.  A negative length leaves that many
 * characters off the end of those strlen() sees; a start before the
 * beginning is clipped to it (shortening a given length).
 */
static u64 dtrace_subr_substr(struct dtrace_dif_mstate *mst, uintptr_t s,
			      bool str, s64 index, bool has_len, s64 length)
{
	s64 max = dtrace_subr_maxlen(mst), start, end, lim;
	char *buf;
	int len, n;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	start = index < 0 ? index + len : index;
	if (start >= len) {
		buf[0] = '\0';
		return (uintptr_t)buf;
	}
	/*
	 * From here start < len <= strsize, so start + max cannot wrap;
	 * start + length could for a length near S64_MAX: it is not formed.
	 */
	if (!has_len)
		end = DTRACE_S64_MAX;
	else if (length < 0)
		end = len + length;
	else if (start >= 0 && length > max)
		end = start + max;
	else
		end = start + length;
	if (start < 0)
		start = 0;
	/* a D string, or one that ended within strsize, has no more */
	lim = str || len < max ? len : start + max;
	if (end > lim)
		end = lim;
	if (start >= end) {
		buf[0] = '\0';
		return (uintptr_t)buf;
	}
	if (end <= len) {
		memmove(buf, buf + start, end - start);
		buf[end - start] = '\0';
		return (uintptr_t)buf;
	}
	memmove(buf, buf + start, len - start);
	n = dtrace_subr_substr_more(mst, buf + len - start, s, len, end - len);
	return n < 0 ? 0 : (uintptr_t)buf;
}

static bool dtrace_subr_match_at(const char *s, const char *sub, int sublen)
{
	int i;

	for (i = 0; i < sublen; i++)
		if (s[i] != sub[i])
			return false;
	return true;
}

/*
 * index(s, sub[, start]) and rindex(): the first position >= start (or
 * the last <= start) where @sub occurs in @s, else -1.  index clips a
 * negative start to 0; rindex clips a start past the last possible
 * position to it, and a negative start finds nothing.
 */
static u64 dtrace_subr_index(struct dtrace_dif_mstate *mst, uintptr_t s,
			     uintptr_t sub, bool has_start, s64 start,
			     bool reverse)
{
	uintptr_t mark = mst->scratch_ptr;
	int len, sublen;
	s64 pos, found = -1;
	char *hs, *nd;

	hs = dtrace_subr_strarg(mst, s, &len);
	nd = hs ? dtrace_subr_strarg(mst, sub, &sublen) : NULL;
	if (!nd)
		return 0;
	if (!reverse) {
		/*
		 * pos stays at most len - sublen: a start near S64_MAX
		 * plus sublen would wrap and pass a "pos + sublen <= len"
		 * test.
		 */
		for (pos = has_start && start > 0 ? start : 0;
		     pos <= (s64)len - sublen; pos++)
			if (dtrace_subr_match_at(hs + pos, nd, sublen)) {
				found = pos;
				break;
			}
	} else {
		pos = len - sublen;
		if (has_start && start < pos)
			pos = start;
		for (; pos >= 0; pos--)
			if (dtrace_subr_match_at(hs + pos, nd, sublen)) {
				found = pos;
				break;
			}
	}
	dtrace_subr_scratch_release(mst, mark);
	return found;
}

/*
 * strchr(s, c), strrchr(s, c): the suffix of @s from the first (last)
 * @c, copied to scratch, or NULL (0).  Looking for '\0' gives "".
 */
static u64 dtrace_subr_strchr(struct dtrace_dif_mstate *mst, uintptr_t s,
			      char c, bool reverse)
{
	uintptr_t mark = mst->scratch_ptr;
	s64 pos, found = -1;
	char *buf;
	int len;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	for (pos = 0; pos <= len; pos++)
		if (buf[pos] == c) {
			found = pos;
			if (!reverse)
				break;
		}
	if (found < 0) {
		dtrace_subr_scratch_release(mst, mark);
		return 0;
	}
	return (uintptr_t)(buf + found);
}

/* strstr(s, sub): the suffix of @s from the first @sub, or NULL (0). */
static u64 dtrace_subr_strstr(struct dtrace_dif_mstate *mst, uintptr_t s,
			      uintptr_t sub)
{
	uintptr_t mark = mst->scratch_ptr, keep;
	int len, sublen, pos;
	char *hs, *nd;

	hs = dtrace_subr_strarg(mst, s, &len);
	if (!hs)
		return 0;
	keep = mst->scratch_ptr;
	nd = dtrace_subr_strarg(mst, sub, &sublen);
	if (!nd)
		return 0;
	for (pos = 0; pos + sublen <= len; pos++)
		if (dtrace_subr_match_at(hs + pos, nd, sublen)) {
			dtrace_subr_scratch_release(mst, keep);
			return (uintptr_t)(hs + pos);
		}
	dtrace_subr_scratch_release(mst, mark);
	return 0;
}

static bool dtrace_subr_isdelim(const u64 *set, char c)
{
	u8 b = c;

	return set[b / 64] & (1ULL << (b % 64));
}

/*
 * strtok(s, delims): the next token of @s, or NULL (0) when none is
 * left.  A non-NULL @s starts a new string; NULL continues the one of the
 * last non-NULL call in this clause firing (mst->strtok_*, which
 * dtrace_dif_clause_start() clears), so the string, even one in
 * scratch, is still there to be read again.  NULL in a firing that
 * started no string is a NULL string: a bad address, 0.
 */
static u64 dtrace_subr_strtok(struct dtrace_dif_mstate *mst, uintptr_t s,
			      uintptr_t delims)
{
	uintptr_t mark;
	u64 set[4] = { 0 };
	int len, dlen, i, start, end;
	char *buf, *d;

	if (s) {
		mst->strtok_addr = s;
		mst->strtok_off = 0;
	}
	if (!mst->strtok_addr) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, 0);
		return 0;
	}
	buf = dtrace_subr_strarg(mst, mst->strtok_addr, &len);
	if (!buf)
		return 0;
	mark = mst->scratch_ptr;
	d = dtrace_subr_strarg(mst, delims, &dlen);
	if (!d)
		return 0;
	for (i = 0; i < dlen; i++)
		set[(u8)d[i] / 64] |= 1ULL << ((u8)d[i] % 64);
	dtrace_subr_scratch_release(mst, mark);

	start = mst->strtok_off < (u32)len ? (int)mst->strtok_off : len;
	while (start < len && dtrace_subr_isdelim(set, buf[start]))
		start++;
	if (start == len) {
		mst->strtok_off = len;
		return 0;
	}
	end = start;
	while (end < len && !dtrace_subr_isdelim(set, buf[end]))
		end++;
	/* the next call starts at the delimiter, as in DTrace */
	mst->strtok_off = end;
	buf[end] = '\0';
	return (uintptr_t)(buf + start);
}

/* Length of @buf[0, @len) without its trailing slashes, "/" kept whole. */
static int dtrace_subr_trim_slashes(const char *buf, int len)
{
	while (len > 1 && buf[len - 1] == '/')
		len--;
	return len;
}

/* basename(s): "/usr/lib/" -> "lib", "/" -> "/", "" -> ".". */
static u64 dtrace_subr_basename(struct dtrace_dif_mstate *mst, uintptr_t s)
{
	int len, end, start;
	char *buf;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	if (!len) {
		buf[0] = '.';
		buf[1] = '\0';
		return (uintptr_t)buf;
	}
	end = dtrace_subr_trim_slashes(buf, len);
	if (end == 1 && buf[0] == '/') {
		buf[1] = '\0';
		return (uintptr_t)buf;
	}
	for (start = end; start > 0 && buf[start - 1] != '/'; start--)
		;
	memmove(buf, buf + start, end - start);
	buf[end - start] = '\0';
	return (uintptr_t)buf;
}

/* dirname(s): "/usr/lib/" -> "/usr", "/" -> "/", "lib" and "" -> ".". */
static u64 dtrace_subr_dirname(struct dtrace_dif_mstate *mst, uintptr_t s)
{
	int len, pos;
	char *buf;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	pos = dtrace_subr_trim_slashes(buf, len);
	while (pos > 0 && buf[pos - 1] != '/')
		pos--;
	if (!pos) {
		buf[0] = '.';
		buf[1] = '\0';
		return (uintptr_t)buf;
	}
	while (pos > 1 && buf[pos - 1] == '/')
		pos--;
	buf[pos] = '\0';
	return (uintptr_t)buf;
}

/* Whether the last component of @out[@base, @o) is "..". */
static bool dtrace_subr_last_is_dotdot(const char *out, int base, int o)
{
	return o - base >= 2 && out[o - 1] == '.' && out[o - 2] == '.' &&
	       (o - base == 2 || out[o - 3] == '/');
}

/*
 * cleanpath(s): @s without empty and "." components, each ".." taking
 * away the component before it (at the root, nothing; in a relative path
 * with nothing left to take, it stays), and without a trailing slash.
 * Works in place: the output never runs ahead of the input.
 */
static u64 dtrace_subr_cleanpath(struct dtrace_dif_mstate *mst, uintptr_t s)
{
	int len, i = 0, o = 0, base, j, k;
	char *buf;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	if (buf[0] == '/') {
		o = 1;
		i = 1;
	}
	base = o;
	while (i < len) {
		while (i < len && buf[i] == '/')
			i++;
		for (j = i; j < len && buf[j] != '/'; j++)
			;
		if (j == i || (j - i == 1 && buf[i] == '.')) {
			i = j;
			continue;
		}
		if (j - i == 2 && buf[i] == '.' && buf[i + 1] == '.') {
			if (o > base && !dtrace_subr_last_is_dotdot(buf, base, o)) {
				while (o > base && buf[o - 1] != '/')
					o--;
				if (o > base)
					o--;
				i = j;
				continue;
			}
			if (base) {	/* "/.." is "/" */
				i = j;
				continue;
			}
		}
		if (o > base)
			buf[o++] = '/';
		for (k = i; k < j; k++)
			buf[o++] = buf[k];
		i = j;
	}
	if (!o && len)	/* "" stays "", as in DTrace */
		buf[o++] = '.';
	buf[o] = '\0';
	return (uintptr_t)buf;
}

static u64 dtrace_subr_tocase(struct dtrace_dif_mstate *mst, uintptr_t s,
			      bool upper)
{
	char *buf;
	int len, i;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	for (i = 0; i < len; i++) {
		if (upper && buf[i] >= 'a' && buf[i] <= 'z')
			buf[i] -= 'a' - 'A';
		else if (!upper && buf[i] >= 'A' && buf[i] <= 'Z')
			buf[i] += 'a' - 'A';
	}
	return (uintptr_t)buf;
}

static bool dtrace_subr_base_ok(s64 base)
{
	return base >= 2 && base <= 36;
}

/*
 * lltostr(n[, base]): base 10 is signed; any other base prints the 64
 * bits unsigned, lower-case digits, no prefix.
 */
static u64 dtrace_subr_lltostr(struct dtrace_dif_mstate *mst, u64 val, s64 base)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char tmp[65], *buf;
	bool neg = base == 10 && (s64)val < 0;
	u32 n = 0, i, max;

	if (!dtrace_subr_base_ok(base)) {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, base);
		return 0;
	}
	if (neg)
		val = -val;
	do {
		tmp[n++] = digits[val % base];
		val /= base;
	} while (val);
	if (neg)
		tmp[n++] = '-';
	buf = dtrace_dif_strbuf(mst);
	if (!buf)
		return 0;
	max = dtrace_dif_min(n, dtrace_subr_maxlen(mst));
	for (i = 0; i < max; i++)
		buf[i] = tmp[n - 1 - i];
	buf[max] = '\0';
	return (uintptr_t)buf;
}

static int dtrace_subr_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/*
 * strtoll(s[, base]): leading white space, a sign, "0x" in base 16 (or
 * base 0, which picks 16 for "0x", 8 for "0", else 10), then digits up
 * to the first that is not one; out of range saturates.
 */
static u64 dtrace_subr_strtoll(struct dtrace_dif_mstate *mst, uintptr_t s,
			       s64 base)
{
	uintptr_t mark = mst->scratch_ptr;
	u64 acc = 0, lim;
	bool neg = false, over = false;
	int len, i = 0, d;
	char *buf;

	if (base && !dtrace_subr_base_ok(base)) {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, base);
		return 0;
	}
	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	while (buf[i] == ' ' || (buf[i] >= '\t' && buf[i] <= '\r'))
		i++;
	if (buf[i] == '-' || buf[i] == '+')
		neg = buf[i++] == '-';
	if ((base == 0 || base == 16) && buf[i] == '0' &&
	    (buf[i + 1] == 'x' || buf[i + 1] == 'X') &&
	    dtrace_subr_digit(buf[i + 2]) < 16) {
		base = 16;
		i += 2;
	} else if (base == 0) {
		base = buf[i] == '0' ? 8 : 10;
	}
	lim = neg ? (u64)DTRACE_S64_MAX + 1 : DTRACE_S64_MAX;
	for (; (d = dtrace_subr_digit(buf[i])) < base; i++) {
		if (acc > (lim - d) / base)
			over = true;
		else
			acc = acc * base + d;
	}
	dtrace_subr_scratch_release(mst, mark);
	if (over)
		acc = lim;
	return neg ? -acc : acc;
}

/* --- network addresses --------------------------------------------- */

static int dtrace_subr_put_dec(char *p, u8 v)
{
	int n = 0;

	if (v >= 100)
		p[n++] = '0' + v / 100;
	if (v >= 10)
		p[n++] = '0' + v / 10 % 10;
	p[n++] = '0' + v % 10;
	return n;
}

static int dtrace_subr_put_quad(char *p, const u8 *a)
{
	int n = 0, i;

	for (i = 0; i < 4; i++) {
		if (i)
			p[n++] = '.';
		n += dtrace_subr_put_dec(p + n, a[i]);
	}
	return n;
}

/* One IPv6 group in lower-case hex, without leading zeros. */
static int dtrace_subr_put_hex16(char *p, u16 v)
{
	static const char hex[] = "0123456789abcdef";
	int n = 0, shift = 12;

	while (shift && !(v >> shift))
		shift -= 4;
	for (; shift >= 0; shift -= 4)
		p[n++] = hex[(v >> shift) & 0xf];
	return n;
}

static bool dtrace_subr_is_zero(const u8 *a, int n)
{
	while (n--)
		if (a[n])
			return false;
	return true;
}

/* Copy the @n characters at @text into a new scratch string. */
static u64 dtrace_subr_strret(struct dtrace_dif_mstate *mst, const char *text,
			      u32 n)
{
	char *buf = dtrace_dif_strbuf(mst);

	if (!buf)
		return 0;
	n = dtrace_dif_min(n, dtrace_subr_maxlen(mst));
	memcpy(buf, text, n);
	buf[n] = '\0';
	return (uintptr_t)buf;
}

static u64 dtrace_subr_inet_ntoa(struct dtrace_dif_mstate *mst, uintptr_t addr)
{
	char text[16];
	u8 a[4];

	if (!dtrace_dif_read(mst, a, addr, sizeof(a), false))
		return 0;
	return dtrace_subr_strret(mst, text, dtrace_subr_put_quad(text, a));
}

/*
 * RFC 5952 text of the in6_addr at @addr: lower-case hex, no leading
 * zeros, the longest run (the first of equals) of two or more zero
 * groups as "::"; IPv4-mapped (::ffff:0:0/96) and IPv4-compatible
 * (::/96 holding at least 0.1.0.0) addresses end in dotted quad, or
 * unless @strict are only the dotted quad, as DTrace prints them.
 */
static u64 dtrace_subr_inet_ntoa6(struct dtrace_dif_mstate *mst, uintptr_t addr,
				  bool strict)
{
	int i, n = 0, ngroups = 8, best = -1, bestlen = 1, run = 0;
	bool v4, after_gap = false;
	char text[48];
	u16 g[8];
	u8 a[16];

	if (!dtrace_dif_read(mst, a, addr, sizeof(a), false))
		return 0;
	for (i = 0; i < 8; i++)
		g[i] = a[2 * i] << 8 | a[2 * i + 1];
	v4 = dtrace_subr_is_zero(a, 10) &&
	     ((g[5] == 0xffff) || (!g[5] && g[6]));
	if (v4 && !strict)
		return dtrace_subr_strret(mst, text,
					  dtrace_subr_put_quad(text, a + 12));
	if (v4)
		ngroups = 6;
	for (i = 0; i < ngroups; i++) {
		run = g[i] ? 0 : run + 1;
		if (run > bestlen) {
			bestlen = run;
			best = i - run + 1;
		}
	}
	for (i = 0; i < ngroups; i++) {
		if (i == best) {
			text[n++] = ':';
			text[n++] = ':';
			i += bestlen - 1;
			after_gap = true;
			continue;
		}
		if (i && !after_gap)
			text[n++] = ':';
		after_gap = false;
		n += dtrace_subr_put_hex16(text + n, g[i]);
	}
	if (v4) {
		if (!after_gap)
			text[n++] = ':';
		n += dtrace_subr_put_quad(text + n, a + 12);
	}
	return dtrace_subr_strret(mst, text, n);
}

/*
 * link_ntop(type, addr): the link-layer address at @addr, each byte as
 * two lower-case hex digits, colon-separated; its length is the
 * hardware type's (Linux's ARPHRD_* numbers).  Another type faults
 * ILLOP.
 */
static u64 dtrace_subr_link_ntop(struct dtrace_dif_mstate *mst, s64 type,
				 uintptr_t addr)
{
	static const char hex[] = "0123456789abcdef";
	char text[DTRACE_IB_ADDR_LEN * 3];
	u8 a[DTRACE_IB_ADDR_LEN];
	int i, len, n = 0;

	if (type == DTRACE_ARPHRD_ETHER) {
		len = DTRACE_ETH_ADDR_LEN;
	} else if (type == DTRACE_ARPHRD_INFINIBAND) {
		len = DTRACE_IB_ADDR_LEN;
	} else {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, type);
		return 0;
	}
	if (!dtrace_dif_read(mst, a, addr, len, false))
		return 0;
	for (i = 0; i < len; i++) {
		if (i)
			text[n++] = ':';
		text[n++] = hex[a[i] >> 4];
		text[n++] = hex[a[i] & 0xf];
	}
	return dtrace_subr_strret(mst, text, n);
}

/* --- user and scratch memory --------------------------------------- */

static u64 dtrace_subr_copyin(struct dtrace_dif_mstate *mst, u64 uaddr, u64 size)
{
	void *buf = dtrace_dif_scratch_alloc(mst, size);

	if (!buf || !dtrace_dif_read(mst, buf, uaddr, size, true))
		return 0;
	return (uintptr_t)buf;
}

static u64 dtrace_subr_copyinstr(struct dtrace_dif_mstate *mst, u64 uaddr,
				 bool has_max, s64 max)
{
	u32 lim = dtrace_subr_maxlen(mst);
	char *buf;

	/*
	 * As DTrace: at most @max (or strsize) bytes are read, the NUL
	 * among them, so one character fewer.
	 */
	if (has_max && max < 0)
		lim = 0;
	else if (has_max && (u64)max < lim)
		lim = max;
	lim = lim ? lim - 1 : 0;
	buf = dtrace_dif_strbuf(mst);
	if (!buf || dtrace_dif_strload(mst, buf, uaddr, lim, true) < 0)
		return 0;
	return (uintptr_t)buf;
}

/*
 * copyinto() and bcopy(): @size bytes into scratch already allocated.
 * A size larger than the whole scratch space is a bad size, as in
 * DTrace, whatever the destination.
 */
static u64 dtrace_subr_copyinto(struct dtrace_dif_mstate *mst, u64 src,
				u64 dest, u64 size, bool user)
{
	if (size > mst->scratch_end - mst->scratch_base) {
		dtrace_dif_fault(mst, DTRACEFLT_BADSIZE, size);
		return 0;
	}
	if (!dtrace_dif_scratch_valid(mst, dest, size)) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, dest);
		return 0;
	}
	dtrace_dif_read(mst, (void *)(uintptr_t)dest, src, size, user);
	return 0;
}

static u64 dtrace_subr_alloca(struct dtrace_dif_mstate *mst, u64 size)
{
	return (uintptr_t)dtrace_dif_scratch_alloc(mst, size);
}

/*
 * Write @n bytes from kernel memory @src to the current task's user
 * address @uaddr.  The source is read through a stack buffer so that a
 * bad kernel address faults rather than oopses.  No more than the
 * scratch size at once: interrupts are off while this runs.
 */
static u64 dtrace_subr_copyout(struct dtrace_dif_mstate *mst, u64 src,
			       u64 uaddr, u64 n)
{
	char bounce[DTRACE_BOUNCE];
	u64 done = 0;

	if (n > mst->scratch_end - mst->scratch_base) {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, n);
		return 0;
	}
	if (uaddr + n < uaddr) {
		dtrace_dif_fault(mst, DTRACEFLT_BADADDR, uaddr);
		return 0;
	}
	while (done < n) {
		size_t k = dtrace_dif_min(n - done, sizeof(bounce));

		k = dtrace_dif_min(k, dtrace_subr_page_left(uaddr + done));
		if (!dtrace_dif_read(mst, bounce, src + done, k, false))
			return 0;
		if (dtrace_env_write_user(uaddr + done, bounce, k)) {
			dtrace_dif_fault(mst, DTRACEFLT_BADADDR, uaddr + done);
			return 0;
		}
		done += k;
	}
	return 0;
}

/* copyoutstr(s, uaddr, size): at most @size bytes, the NUL included. */
static u64 dtrace_subr_copyoutstr(struct dtrace_dif_mstate *mst, uintptr_t s,
				  u64 uaddr, u64 size)
{
	uintptr_t mark = mst->scratch_ptr;
	char *buf;
	int len;

	if (!size)
		return 0;
	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	if ((u64)len > size - 1)
		len = size - 1;
	buf[len] = '\0';
	dtrace_subr_copyout(mst, (uintptr_t)buf, uaddr, len + 1);
	dtrace_subr_scratch_release(mst, mark);
	return 0;
}

/* Byte order: the ABI's network order is big-endian. */
static u64 dtrace_subr_bswap(u64 v, u32 bytes)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return v & (bytes == 8 ? ~0ULL : (1ULL << (8 * bytes)) - 1);
#else
	u64 r = 0;
	u32 i;

	for (i = 0; i < bytes; i++)
		r = r << 8 | ((v >> (8 * i)) & 0xff);
	return r;
#endif
}

/* --- entry point ---------------------------------------------------- */

/*
 * The argument counts, from the ABI header's list, that a CALL is
 * checked against here, in probe context (the verifier cannot count the
 * tuple stack).
 */
struct dtrace_subr_nargs {
	u8	min;		/* fewest arguments */
	u8	max;		/* most arguments */
};

#define DTRACE_DIF_SUBR_NARGS(name, dname, nmin, nmax, args, res, destr) \
	[DTRACE_DIF_SUBR_##name] = { nmin, nmax },
static const struct dtrace_subr_nargs dtrace_subr_nargs[DTRACE_DIF_SUBR_MAX] = {
	DTRACE_DIF_SUBR_LIST(DTRACE_DIF_SUBR_NARGS)
};

/**
 * dtrace_dif_subr() - run one DIF subroutine
 * @subr: DTRACE_DIF_SUBR_*
 * @tup: its arguments, first pushed first: integers, or addresses of
 *	strings and by-reference values (either kind is taken as a number)
 * @ntup: how many
 * @mst: the machine state of the clause firing: strsize, scratch, faults
 *
 * An unknown @subr or an argument count outside its range faults ILLOP;
 * other faults are as docs/subroutines.md gives for each subroutine.
 *
 * Context: probe context (any, up to NMI; interrupts off); takes no locks,
 * does not sleep, allocates only from the clause's scratch.
 * Return: the subroutine's value: an integer, or the address of a string
 * or of scratch memory; 0 after a fault.
 */
u64 dtrace_dif_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst)
{
	u64 a0 = ntup > 0 ? tup[0].value : 0;
	u64 a1 = ntup > 1 ? tup[1].value : 0;
	u64 a2 = ntup > 2 ? tup[2].value : 0;

	if (!subr || subr >= DTRACE_DIF_SUBR_MAX ||
	    ntup < dtrace_subr_nargs[subr].min ||
	    ntup > dtrace_subr_nargs[subr].max) {
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, subr);
		return 0;
	}

	switch (subr) {
	case DTRACE_DIF_SUBR_STRLEN:
		return dtrace_subr_strlen(mst, a0);
	case DTRACE_DIF_SUBR_STRJOIN:
		return dtrace_subr_strjoin(mst, a0, a1);
	case DTRACE_DIF_SUBR_SUBSTR:
		return dtrace_subr_substr(mst, a0, tup[0].is_string, a1,
					  ntup > 2, a2);
	case DTRACE_DIF_SUBR_INDEX:
	case DTRACE_DIF_SUBR_RINDEX:
		return dtrace_subr_index(mst, a0, a1, ntup > 2, a2,
					 subr == DTRACE_DIF_SUBR_RINDEX);
	case DTRACE_DIF_SUBR_STRCHR:
	case DTRACE_DIF_SUBR_STRRCHR:
		return dtrace_subr_strchr(mst, a0, (char)a1,
					  subr == DTRACE_DIF_SUBR_STRRCHR);
	case DTRACE_DIF_SUBR_STRSTR:
		return dtrace_subr_strstr(mst, a0, a1);
	case DTRACE_DIF_SUBR_STRTOK:
		return dtrace_subr_strtok(mst, a0, a1);
	case DTRACE_DIF_SUBR_BASENAME:
		return dtrace_subr_basename(mst, a0);
	case DTRACE_DIF_SUBR_DIRNAME:
		return dtrace_subr_dirname(mst, a0);
	case DTRACE_DIF_SUBR_CLEANPATH:
		return dtrace_subr_cleanpath(mst, a0);
	case DTRACE_DIF_SUBR_LLTOSTR:
		return dtrace_subr_lltostr(mst, a0, ntup > 1 ? a1 : 10);
	case DTRACE_DIF_SUBR_STRTOLL:
		return dtrace_subr_strtoll(mst, a0, ntup > 1 ? a1 : 10);
	case DTRACE_DIF_SUBR_TOUPPER:
	case DTRACE_DIF_SUBR_TOLOWER:
		return dtrace_subr_tocase(mst, a0,
					  subr == DTRACE_DIF_SUBR_TOUPPER);
	case DTRACE_DIF_SUBR_HTONS:
	case DTRACE_DIF_SUBR_NTOHS:
		return dtrace_subr_bswap(a0, 2);
	case DTRACE_DIF_SUBR_HTONL:
	case DTRACE_DIF_SUBR_NTOHL:
		return dtrace_subr_bswap(a0, 4);
	case DTRACE_DIF_SUBR_HTONLL:
	case DTRACE_DIF_SUBR_NTOHLL:
		return dtrace_subr_bswap(a0, 8);
	case DTRACE_DIF_SUBR_INET_NTOA:
		return dtrace_subr_inet_ntoa(mst, a0);
	case DTRACE_DIF_SUBR_INET_NTOA6:
		return dtrace_subr_inet_ntoa6(mst, a0, ntup > 1 && a1);
	case DTRACE_DIF_SUBR_INET_NTOP:
		if (a0 == DTRACE_AF_INET)
			return dtrace_subr_inet_ntoa(mst, a1);
		if (a0 == DTRACE_AF_INET6)
			return dtrace_subr_inet_ntoa6(mst, a1, true);
		dtrace_dif_fault(mst, DTRACEFLT_ILLOP, a0);
		return 0;
	case DTRACE_DIF_SUBR_LINK_NTOP:
		return dtrace_subr_link_ntop(mst, a0, a1);
	case DTRACE_DIF_SUBR_MUTEX_TYPE_ADAPTIVE:
		return 1;	/* a struct mutex spins, then sleeps */
	case DTRACE_DIF_SUBR_MUTEX_TYPE_SPIN:
		return 0;	/* spinlock_t is another type */
	case DTRACE_DIF_SUBR_COPYIN:
		return dtrace_subr_copyin(mst, a0, a1);
	case DTRACE_DIF_SUBR_COPYINSTR:
		return dtrace_subr_copyinstr(mst, a0, ntup > 1, a1);
	case DTRACE_DIF_SUBR_COPYINTO:
		return dtrace_subr_copyinto(mst, a0, a2, a1, true);
	case DTRACE_DIF_SUBR_BCOPY:
		return dtrace_subr_copyinto(mst, a0, a1, a2, false);
	case DTRACE_DIF_SUBR_ALLOCA:
		return dtrace_subr_alloca(mst, a0);
	case DTRACE_DIF_SUBR_GETMAJOR:
		return (u32)a0 >> DTRACE_MINORBITS;
	case DTRACE_DIF_SUBR_GETMINOR:
		return (u32)a0 & ((1U << DTRACE_MINORBITS) - 1);
	case DTRACE_DIF_SUBR_COPYOUT:
		return dtrace_subr_copyout(mst, a0, a1, a2);
	case DTRACE_DIF_SUBR_COPYOUTSTR:
		return dtrace_subr_copyoutstr(mst, a0, a1, a2);
	}
	return dtrace_env_subr(subr, tup, ntup, mst);
}
DTRACE_ENGINE_NOKPROBE(dtrace_dif_subr);
