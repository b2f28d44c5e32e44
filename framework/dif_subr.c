// SPDX-License-Identifier: GPL-2.0
/*
 * DIF subroutines: what DTRACE_DIF_OP_CALL runs (strlen, strjoin, copyin,
 * inet_ntop, d_path, ...).  Semantics, argument kinds and faults of each
 * one are in docs/subroutines.md; the calling convention (the tuple
 * stack) is in include/uapi/linux/dtrace.h.
 *
 * Everything here is probe context, under the rules at the top of
 * probe_ctx.c: any context up to NMI, interrupts off, no locks, no
 * sleeping, no allocation.  Traced memory is read only through
 * copy_from_kernel_nofault() or copy_from_user_nofault(), in chunks that
 * never cross a page, so a string that ends just before an unmapped page
 * reads fine and a bad address faults at the exact byte.  Strings hold
 * at most strsize - 1 characters.  Results and temporaries live in the
 * clause's scratch space; temporaries are given back before returning.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/kdev_t.h>
#include <linux/kprobes.h>
#include <linux/mount.h>
#include <linux/mutex.h>
#include <linux/path.h>
#include <linux/percpu.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/socket.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <asm/byteorder.h>
#include "internal.h"

/* Characters of a command line _psargs() returns: psinfo_t's pr_psargs. */
#define DTRACE_PSARGS_MAX	79
/* Ancestors progenyof() looks at before giving up. */
#define DTRACE_PROGENY_MAX	4096
/* Path components d_path() walks before giving up. */
#define DTRACE_D_PATH_MAX	256
/* Bytes copyout() moves per step through its stack buffer. */
#define DTRACE_BOUNCE		128

/*
 * The low bits of struct mutex's owner word that are flags, not part of
 * the owner's task_struct address (task_structs are cache-line aligned).
 */
#ifdef CONFIG_PREEMPT_RT
#define DTRACE_MUTEX_FLAGS	0x1UL	/* rt_mutex: has waiters */
#else
#define DTRACE_MUTEX_FLAGS	0x7UL	/* waiters, handoff, pickup */
#endif

/* An rw_semaphore's count word has this bit set while a writer holds it. */
#define DTRACE_RWSEM_WRITER	0x1UL

struct dtrace_subr_info {
	u8	min;		/* fewest arguments */
	u8	max;		/* most arguments */
	bool	destructive;
};

static const struct dtrace_subr_info dtrace_subr_tab[DTRACE_DIF_SUBR_MAX] = {
	[DTRACE_DIF_SUBR_RAND]		= { 0, 0 },
	[DTRACE_DIF_SUBR_STRLEN]	= { 1, 1 },
	[DTRACE_DIF_SUBR_STRJOIN]	= { 2, 2 },
	[DTRACE_DIF_SUBR_SUBSTR]	= { 2, 3 },
	[DTRACE_DIF_SUBR_INDEX]		= { 2, 3 },
	[DTRACE_DIF_SUBR_RINDEX]	= { 2, 3 },
	[DTRACE_DIF_SUBR_STRCHR]	= { 2, 2 },
	[DTRACE_DIF_SUBR_STRRCHR]	= { 2, 2 },
	[DTRACE_DIF_SUBR_STRSTR]	= { 2, 2 },
	[DTRACE_DIF_SUBR_STRTOK]	= { 2, 2 },
	[DTRACE_DIF_SUBR_BASENAME]	= { 1, 1 },
	[DTRACE_DIF_SUBR_DIRNAME]	= { 1, 1 },
	[DTRACE_DIF_SUBR_CLEANPATH]	= { 1, 1 },
	[DTRACE_DIF_SUBR_LLTOSTR]	= { 1, 2 },
	[DTRACE_DIF_SUBR_STRTOLL]	= { 1, 2 },
	[DTRACE_DIF_SUBR_TOUPPER]	= { 1, 1 },
	[DTRACE_DIF_SUBR_TOLOWER]	= { 1, 1 },
	[DTRACE_DIF_SUBR_HTONS]		= { 1, 1 },
	[DTRACE_DIF_SUBR_HTONL]		= { 1, 1 },
	[DTRACE_DIF_SUBR_HTONLL]	= { 1, 1 },
	[DTRACE_DIF_SUBR_NTOHS]		= { 1, 1 },
	[DTRACE_DIF_SUBR_NTOHL]		= { 1, 1 },
	[DTRACE_DIF_SUBR_NTOHLL]	= { 1, 1 },
	[DTRACE_DIF_SUBR_INET_NTOA]	= { 1, 1 },
	[DTRACE_DIF_SUBR_INET_NTOA6]	= { 1, 1 },
	[DTRACE_DIF_SUBR_INET_NTOP]	= { 2, 2 },
	[DTRACE_DIF_SUBR_COPYIN]	= { 2, 2 },
	[DTRACE_DIF_SUBR_COPYINSTR]	= { 1, 2 },
	[DTRACE_DIF_SUBR_COPYINTO]	= { 3, 3 },
	[DTRACE_DIF_SUBR_BCOPY]		= { 3, 3 },
	[DTRACE_DIF_SUBR_ALLOCA]	= { 1, 1 },
	[DTRACE_DIF_SUBR_PROGENYOF]	= { 1, 1 },
	[DTRACE_DIF_SUBR_GETMAJOR]	= { 1, 1 },
	[DTRACE_DIF_SUBR_GETMINOR]	= { 1, 1 },
	[DTRACE_DIF_SUBR_D_PATH]	= { 1, 1 },
	[DTRACE_DIF_SUBR_MUTEX_OWNED]	= { 1, 1 },
	[DTRACE_DIF_SUBR_MUTEX_OWNER]	= { 1, 1 },
	[DTRACE_DIF_SUBR_RW_ISWRITER]	= { 1, 1 },
	[DTRACE_DIF_SUBR_SPIN_LOCKED]	= { 1, 1 },
	[DTRACE_DIF_SUBR_COPYOUT]	= { 3, 3, true },
	[DTRACE_DIF_SUBR_COPYOUTSTR]	= { 3, 3, true },
	[DTRACE_DIF_SUBR_SPECULATION]	= { 0, 0 },
	[DTRACE_DIF_SUBR_PSARGS]	= { 1, 1 },
};

/* The state strtok(NULL, ...) continues from: see dtrace_subr_strtok(). */
struct dtrace_strtok_state {
	uintptr_t	addr;	/* string of the last non-NULL call, or 0 */
	u32		off;	/* where the next token search starts */
};

static DEFINE_PER_CPU(struct dtrace_strtok_state, dtrace_strtok_state);
static DEFINE_PER_CPU(u64, dtrace_rand_state);

/* --- memory access -------------------------------------------------- */

static size_t dtrace_subr_page_left(uintptr_t addr)
{
	return PAGE_SIZE - offset_in_page(addr);
}

/*
 * Copy @n bytes from the kernel (or, if @user, the current task's user)
 * address @src to @dst page by page.  Returns false after recording a
 * BADADDR fault at the first byte that could not be read.
 */
static bool dtrace_subr_read(struct dtrace_mstate *mst, void *dst,
			     uintptr_t src, size_t n, bool user)
{
	size_t done = 0;

	while (done < n) {
		size_t k = min(n - done, dtrace_subr_page_left(src + done));
		uintptr_t from = src + done;
		long ret;

		if (user)
			ret = copy_from_user_nofault(dst + done,
						     (const void __user *)from, k);
		else
			ret = copy_from_kernel_nofault(dst + done,
						       (const void *)from, k);
		if (ret) {
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, src + done);
			return false;
		}
		done += k;
	}
	return true;
}

/*
 * Copy the string at @src (kernel, or user if @user) to @dst, at most
 * @max characters, and NUL-terminate it: @dst holds @max + 1 bytes.
 * Pages are read only as far as the string goes.  Returns the length, or
 * -1 after a fault.
 */
static int dtrace_subr_strload(struct dtrace_mstate *mst, char *dst,
			       uintptr_t src, u32 max, bool user)
{
	u32 done = 0, i;

	while (done < max) {
		u32 k = min_t(size_t, max - done,
			      dtrace_subr_page_left(src + done));

		if (!dtrace_subr_read(mst, dst + done, src + done, k, user))
			return -1;
		for (i = done; i < done + k; i++)
			if (!dst[i])
				return i;
		done += k;
	}
	dst[max] = '\0';
	return max;
}

/* The most characters a string may have: strsize counts the NUL. */
static u32 dtrace_subr_maxlen(const struct dtrace_mstate *mst)
{
	return mst->strsize ? mst->strsize - 1 : 0;
}

/* A string buffer in scratch: maxlen + 1 bytes, or NULL (NOSCRATCH). */
static char *dtrace_subr_strbuf(struct dtrace_mstate *mst)
{
	return dtrace_scratch_alloc(mst, dtrace_subr_maxlen(mst) + 1);
}

/*
 * Load string argument @src into a fresh scratch buffer; its length goes
 * to @len.  NULL after a fault.
 */
static char *dtrace_subr_strarg(struct dtrace_mstate *mst, uintptr_t src,
				int *len)
{
	char *buf = dtrace_subr_strbuf(mst);

	if (!buf)
		return NULL;
	*len = dtrace_subr_strload(mst, buf, src, dtrace_subr_maxlen(mst),
				   false);
	return *len < 0 ? NULL : buf;
}

/*
 * Give back the scratch allocated after @mark: the temporaries of one
 * subroutine, once its result (allocated before @mark) is complete.
 */
static void dtrace_subr_scratch_release(struct dtrace_mstate *mst,
					uintptr_t mark)
{
	mst->scratch_ptr = mark;
}

/* --- strings ------------------------------------------------------- */

static u64 dtrace_subr_strlen(struct dtrace_mstate *mst, uintptr_t s)
{
	uintptr_t mark = mst->scratch_ptr;
	int len;

	if (!dtrace_subr_strarg(mst, s, &len))
		return 0;
	dtrace_subr_scratch_release(mst, mark);
	return len;
}

static u64 dtrace_subr_strjoin(struct dtrace_mstate *mst, uintptr_t a,
			       uintptr_t b)
{
	u32 max = dtrace_subr_maxlen(mst);
	char *buf = dtrace_subr_strbuf(mst);
	int la;

	if (!buf)
		return 0;
	la = dtrace_subr_strload(mst, buf, a, max, false);
	if (la < 0 || dtrace_subr_strload(mst, buf + la, b, max - la,
					  false) < 0)
		return 0;
	return (uintptr_t)buf;
}

/*
 * substr(s, index[, length]): a negative index counts from the end; a
 * negative length leaves that many characters off the end; a start
 * before the beginning is clipped to it (shortening a given length).
 */
static u64 dtrace_subr_substr(struct dtrace_mstate *mst, uintptr_t s,
			      s64 index, bool has_len, s64 length)
{
	s64 start, end;
	char *buf;
	int len;

	buf = dtrace_subr_strarg(mst, s, &len);
	if (!buf)
		return 0;
	start = index < 0 ? index + len : index;
	if (!has_len)
		end = len;
	else if (length >= 0)
		end = start + length;
	else
		end = len + length;
	if (start < 0)
		start = 0;
	if (end > len)
		end = len;
	if (start >= end) {
		buf[0] = '\0';
		return (uintptr_t)buf;
	}
	memmove(buf, buf + start, end - start);
	buf[end - start] = '\0';
	return (uintptr_t)buf;
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
static u64 dtrace_subr_index(struct dtrace_mstate *mst, uintptr_t s,
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
		for (pos = max_t(s64, has_start ? start : 0, 0);
		     pos + sublen <= len; pos++)
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
static u64 dtrace_subr_strchr(struct dtrace_mstate *mst, uintptr_t s,
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
static u64 dtrace_subr_strstr(struct dtrace_mstate *mst, uintptr_t s,
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
 * last non-NULL call on this CPU.  Continuing reads that string again
 * at its address, so it must still be there: a string in scratch lasts
 * only for the clause firing that made it.
 */
static u64 dtrace_subr_strtok(struct dtrace_mstate *mst, uintptr_t s,
			      uintptr_t delims)
{
	struct dtrace_strtok_state *st = this_cpu_ptr(&dtrace_strtok_state);
	uintptr_t mark;
	u64 set[4] = { 0 };
	int len, dlen, i;
	char *buf, *d;
	u32 start, end;

	if (s) {
		st->addr = s;
		st->off = 0;
	}
	if (!st->addr)
		return 0;
	buf = dtrace_subr_strarg(mst, st->addr, &len);
	if (!buf)
		return 0;
	mark = mst->scratch_ptr;
	d = dtrace_subr_strarg(mst, delims, &dlen);
	if (!d)
		return 0;
	for (i = 0; i < dlen; i++)
		set[(u8)d[i] / 64] |= 1ULL << ((u8)d[i] % 64);
	dtrace_subr_scratch_release(mst, mark);

	start = min_t(u32, st->off, len);
	while (start < len && dtrace_subr_isdelim(set, buf[start]))
		start++;
	if (start == len) {
		st->off = len;
		return 0;
	}
	end = start;
	while (end < len && !dtrace_subr_isdelim(set, buf[end]))
		end++;
	st->off = end < len ? end + 1 : end;
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
static u64 dtrace_subr_basename(struct dtrace_mstate *mst, uintptr_t s)
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
static u64 dtrace_subr_dirname(struct dtrace_mstate *mst, uintptr_t s)
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
static u64 dtrace_subr_cleanpath(struct dtrace_mstate *mst, uintptr_t s)
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
	if (!o)
		buf[o++] = '.';
	buf[o] = '\0';
	return (uintptr_t)buf;
}

static u64 dtrace_subr_tocase(struct dtrace_mstate *mst, uintptr_t s,
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
static u64 dtrace_subr_lltostr(struct dtrace_mstate *mst, u64 val, s64 base)
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char tmp[65], *buf;
	bool neg = base == 10 && (s64)val < 0;
	u32 n = 0, i, max;

	if (!dtrace_subr_base_ok(base)) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, base);
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
	buf = dtrace_subr_strbuf(mst);
	if (!buf)
		return 0;
	max = min(n, dtrace_subr_maxlen(mst));
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
static u64 dtrace_subr_strtoll(struct dtrace_mstate *mst, uintptr_t s,
			       s64 base)
{
	uintptr_t mark = mst->scratch_ptr;
	u64 acc = 0, lim;
	bool neg = false, over = false;
	int len, i = 0, d;
	char *buf;

	if (base && !dtrace_subr_base_ok(base)) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, base);
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
	lim = neg ? (u64)S64_MAX + 1 : S64_MAX;
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
static u64 dtrace_subr_strret(struct dtrace_mstate *mst, const char *text,
			      u32 n)
{
	char *buf = dtrace_subr_strbuf(mst);

	if (!buf)
		return 0;
	n = min(n, dtrace_subr_maxlen(mst));
	memcpy(buf, text, n);
	buf[n] = '\0';
	return (uintptr_t)buf;
}

static u64 dtrace_subr_inet_ntoa(struct dtrace_mstate *mst, uintptr_t addr)
{
	char text[16];
	u8 a[4];

	if (!dtrace_subr_read(mst, a, addr, sizeof(a), false))
		return 0;
	return dtrace_subr_strret(mst, text, dtrace_subr_put_quad(text, a));
}

/*
 * RFC 5952 text of the in6_addr at @addr: lower-case hex, no leading
 * zeros, the longest run (the first of equals) of two or more zero
 * groups as "::"; IPv4-mapped (::ffff:0:0/96) and IPv4-compatible
 * (::/96 holding at least 0.1.0.0) addresses end in dotted quad.
 */
static u64 dtrace_subr_inet_ntoa6(struct dtrace_mstate *mst, uintptr_t addr)
{
	int i, n = 0, ngroups = 8, best = -1, bestlen = 1, run = 0;
	bool v4, after_gap = false;
	char text[48];
	u16 g[8];
	u8 a[16];

	if (!dtrace_subr_read(mst, a, addr, sizeof(a), false))
		return 0;
	for (i = 0; i < 8; i++)
		g[i] = a[2 * i] << 8 | a[2 * i + 1];
	v4 = dtrace_subr_is_zero(a, 10) &&
	     ((g[5] == 0xffff) || (!g[5] && g[6]));
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

/* --- user and scratch memory --------------------------------------- */

static u64 dtrace_subr_copyin(struct dtrace_mstate *mst, u64 uaddr, u64 size)
{
	void *buf = dtrace_scratch_alloc(mst, size);

	if (!buf || !dtrace_subr_read(mst, buf, uaddr, size, true))
		return 0;
	return (uintptr_t)buf;
}

static u64 dtrace_subr_copyinstr(struct dtrace_mstate *mst, u64 uaddr,
				 bool has_max, s64 max)
{
	u32 lim = dtrace_subr_maxlen(mst);
	char *buf;

	if (has_max)
		lim = clamp_t(s64, max, 0, lim);
	buf = dtrace_subr_strbuf(mst);
	if (!buf || dtrace_subr_strload(mst, buf, uaddr, lim, true) < 0)
		return 0;
	return (uintptr_t)buf;
}

/* copyinto() and bcopy(): @size bytes into scratch already allocated. */
static u64 dtrace_subr_copyinto(struct dtrace_mstate *mst, u64 src,
				u64 dest, u64 size, bool user)
{
	if (!dtrace_scratch_valid(mst, dest, size)) {
		dtrace_fault_set(mst, DTRACEFLT_BADADDR, dest);
		return 0;
	}
	dtrace_subr_read(mst, (void *)(uintptr_t)dest, src, size, user);
	return 0;
}

static u64 dtrace_subr_alloca(struct dtrace_mstate *mst, u64 size)
{
	return (uintptr_t)dtrace_scratch_alloc(mst, size);
}

/*
 * Write @n bytes from kernel memory @src to the current task's user
 * address @uaddr.  The source is read through a stack buffer so that a
 * bad kernel address faults rather than oopses.  No more than the
 * scratch size at once: interrupts are off while this runs.
 */
static u64 dtrace_subr_copyout(struct dtrace_mstate *mst, u64 src,
			       u64 uaddr, u64 n)
{
	char bounce[DTRACE_BOUNCE];
	u64 done = 0;

	if (n > mst->scratch_end - mst->scratch_base) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, n);
		return 0;
	}
	while (done < n) {
		size_t k = min3((size_t)(n - done), sizeof(bounce),
				dtrace_subr_page_left(uaddr + done));

		if (!dtrace_subr_read(mst, bounce, src + done, k, false))
			return 0;
		if (copy_to_user_nofault((void __user *)(uintptr_t)(uaddr + done),
					 bounce, k)) {
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, uaddr + done);
			return 0;
		}
		done += k;
	}
	return 0;
}

/* copyoutstr(s, uaddr, size): at most @size bytes, the NUL included. */
static u64 dtrace_subr_copyoutstr(struct dtrace_mstate *mst, uintptr_t s,
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

/* --- kernel objects ------------------------------------------------ */

/* progenyof(pid): whether the current task or an ancestor has tgid @pid. */
static u64 dtrace_subr_progenyof(s64 pid)
{
	struct task_struct *t = current, *parent;
	int depth;

	for (depth = 0; depth < DTRACE_PROGENY_MAX; depth++) {
		if (t->tgid == pid)
			return 1;
		parent = rcu_dereference_sched(t->real_parent);
		if (!parent || parent == t)
			break;
		t = parent;
	}
	return 0;
}

/*
 * Copy up to @n bytes of the current task's memory at @uaddr to @dst,
 * page by page, stopping at the first page that cannot be read (not
 * present: this cannot fault it in).  Return: the bytes copied.
 */
static size_t dtrace_subr_user_prefix(char *dst, uintptr_t uaddr, size_t n)
{
	size_t done = 0;

	while (done < n) {
		size_t k = min(n - done, dtrace_subr_page_left(uaddr + done));

		if (copy_from_user_nofault(dst + done,
					   (const void __user *)(uaddr + done),
					   k))
			break;
		done += k;
	}
	return done;
}

/*
 * _psargs(task): psinfo_t's pr_psargs.  For the current task, its
 * arguments as exec() laid them out in its memory (mm->arg_start ..
 * arg_end), NULs turned into spaces, at most DTRACE_PSARGS_MAX
 * characters.  Another task's memory cannot be read from probe
 * context, so for any other task (and for a task without user memory,
 * or whose argument pages are not present) it is the task's comm.
 */
static u64 dtrace_subr_psargs(struct dtrace_mstate *mst, uintptr_t task)
{
	u32 max = min_t(u32, dtrace_subr_maxlen(mst), DTRACE_PSARGS_MAX);
	struct task_struct *t = (struct task_struct *)task;
	struct mm_struct *mm = current->mm;
	unsigned long start, end;
	size_t n = 0, i;
	char *buf;

	buf = dtrace_subr_strbuf(mst);
	if (!buf)
		return 0;
	if (t == current && mm && !(current->flags & PF_KTHREAD)) {
		start = READ_ONCE(mm->arg_start);
		end = READ_ONCE(mm->arg_end);
		if (end > start)
			n = dtrace_subr_user_prefix(buf, start,
						    min_t(unsigned long,
							  end - start, max));
	}
	while (n && !buf[n - 1])
		n--;
	if (!n)
		return dtrace_subr_strload(mst, buf, (uintptr_t)t->comm,
					   min_t(u32, max, TASK_COMM_LEN - 1),
					   false) < 0 ? 0 : (uintptr_t)buf;
	for (i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	buf[n] = '\0';
	return (uintptr_t)buf;
}

/*
 * Prepend "/name" of @dentry to the path being built backwards in
 * @buf[0, *@pos).  False when it does not fit or cannot be read.
 */
static bool dtrace_subr_d_path_add(struct dtrace_mstate *mst, char *buf,
				   u32 *pos, const struct dentry *dentry)
{
	struct qstr name;

	if (!dtrace_subr_read(mst, &name, (uintptr_t)&dentry->d_name,
			      sizeof(name), false))
		return false;
	if (name.len >= *pos)
		return false;
	*pos -= name.len;
	if (!dtrace_subr_read(mst, buf + *pos, (uintptr_t)name.name,
			      name.len, false))
		return false;
	buf[--*pos] = '/';
	return true;
}

/* Whether @mnt is the mount of the current task's root directory. */
static bool dtrace_subr_is_root_mnt(struct dtrace_mstate *mst,
				    const struct vfsmount *mnt)
{
	struct fs_struct *fs = current->fs;
	struct vfsmount *root;

	if (!fs || !dtrace_subr_read(mst, &root, (uintptr_t)&fs->root.mnt,
				     sizeof(root), false))
		return false;
	return root == mnt;
}

/*
 * d_path(struct path *): the path of @p inside its own mount, built from
 * the dentry's d_parent chain up to the mount's root.  The mount point is
 * in struct mount, which is private to fs/: when the mount is the current
 * task's root mount the path is absolute as is; otherwise it is prefixed
 * with the superblock's id and a colon ("proc:/1/status").  A path too
 * long for strsize keeps its last characters behind "...".
 */
static u64 dtrace_subr_d_path(struct dtrace_mstate *mst, uintptr_t p)
{
	u32 max = dtrace_subr_maxlen(mst), pos = max, n, depth;
	struct dentry *dentry, *parent, *mroot;
	struct super_block *sb;
	char sid[sizeof_field(struct super_block, s_id)];
	struct path path;
	bool whole = true;
	char *buf;

	if (!dtrace_subr_read(mst, &path, p, sizeof(path), false) ||
	    !dtrace_subr_read(mst, &mroot, (uintptr_t)&path.mnt->mnt_root,
			      sizeof(mroot), false))
		return 0;
	buf = dtrace_subr_strbuf(mst);
	if (!buf)
		return 0;
	dentry = path.dentry;
	for (depth = 0; dentry != mroot; depth++) {
		if (!dtrace_subr_read(mst, &parent, (uintptr_t)&dentry->d_parent,
				      sizeof(parent), false))
			return 0;
		if (parent == dentry)
			break;
		if (depth == DTRACE_D_PATH_MAX ||
		    !dtrace_subr_d_path_add(mst, buf, &pos, dentry)) {
			if (mst->fault)
				return 0;
			whole = false;
			break;
		}
		dentry = parent;
	}
	if (pos == max && pos)
		buf[--pos] = '/';
	if (whole && !dtrace_subr_is_root_mnt(mst, path.mnt)) {
		if (!dtrace_subr_read(mst, &sb, (uintptr_t)&path.mnt->mnt_sb,
				      sizeof(sb), false) ||
		    !dtrace_subr_read(mst, sid, (uintptr_t)sb->s_id,
				      sizeof(sid), false))
			return 0;
		sid[sizeof(sid) - 1] = '\0';
		for (n = 0; sid[n]; n++)
			;
		if (n < pos) {
			buf[--pos] = ':';
			pos -= n;
			memcpy(buf + pos, sid, n);
		} else {
			whole = false;
		}
	}
	if (!whole) {
		/* "..." goes over the first characters if it must */
		n = min(3U, max);
		pos = pos >= n ? pos - n : 0;
		memset(buf + pos, '.', n);
	}
	memmove(buf, buf + pos, max - pos);
	buf[max - pos] = '\0';
	return (uintptr_t)buf;
}

/* The owner word of a struct mutex, flag bits cleared. */
static u64 dtrace_subr_mutex_owner(struct dtrace_mstate *mst, uintptr_t m)
{
	unsigned long owner;
#ifdef CONFIG_PREEMPT_RT
	size_t off = offsetof(struct mutex, rtmutex.owner);
#else
	size_t off = offsetof(struct mutex, owner);
#endif

	if (!dtrace_subr_read(mst, &owner, m + off, sizeof(owner), false))
		return 0;
	return owner & ~DTRACE_MUTEX_FLAGS;
}

static u64 dtrace_subr_rw_iswriter(struct dtrace_mstate *mst, uintptr_t sem)
{
#ifdef CONFIG_PREEMPT_RT
	atomic_t readers;

	if (!dtrace_subr_read(mst, &readers, sem +
			      offsetof(struct rw_semaphore, rwbase.readers),
			      sizeof(readers), false))
		return 0;
	return atomic_read(&readers) == WRITER_BIAS;
#else
	atomic_long_t count;

	if (!dtrace_subr_read(mst, &count, sem +
			      offsetof(struct rw_semaphore, count),
			      sizeof(count), false))
		return 0;
	return !!(atomic_long_read(&count) & DTRACE_RWSEM_WRITER);
#endif
}

/*
 * Whether the spinlock_t at @lock is held: a snapshot of it is asked
 * through the kernel's own inline test, which only reads the lock word.
 */
static u64 dtrace_subr_spin_locked(struct dtrace_mstate *mst, uintptr_t lock)
{
	spinlock_t snap;	/* a copy, never taken */

	if (!dtrace_subr_read(mst, &snap, lock, sizeof(snap), false))
		return 0;
#ifdef CONFIG_PREEMPT_RT
	return rt_mutex_base_is_locked(&snap.lock);
#else
	return raw_spin_is_locked(&snap.rlock);
#endif
}

static u64 dtrace_subr_rand(void)
{
	u64 *st = this_cpu_ptr(&dtrace_rand_state);
	u64 x = *st;

	if (!x)
		x = (ktime_get_mono_fast_ns() ^
		     ((u64)smp_processor_id() << 32)) | 1;
	/* xorshift64* */
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*st = x;
	return (u32)((x * 0x2545f4914f6cdd1dULL) >> 32);
}

/* --- entry points --------------------------------------------------- */

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
		    struct dtrace_mstate *mst)
{
	u64 a0 = ntup > 0 ? tup[0].value : 0;
	u64 a1 = ntup > 1 ? tup[1].value : 0;
	u64 a2 = ntup > 2 ? tup[2].value : 0;
	u32 min, max;

	dtrace_dif_subr_nargs(subr, &min, &max);
	if (!subr || subr >= DTRACE_DIF_SUBR_MAX || ntup < min || ntup > max) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, subr);
		return 0;
	}

	switch (subr) {
	case DTRACE_DIF_SUBR_RAND:
		return dtrace_subr_rand();
	case DTRACE_DIF_SUBR_STRLEN:
		return dtrace_subr_strlen(mst, a0);
	case DTRACE_DIF_SUBR_STRJOIN:
		return dtrace_subr_strjoin(mst, a0, a1);
	case DTRACE_DIF_SUBR_SUBSTR:
		return dtrace_subr_substr(mst, a0, a1, ntup > 2, a2);
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
		return (__force u16)cpu_to_be16(a0);
	case DTRACE_DIF_SUBR_HTONL:
		return (__force u32)cpu_to_be32(a0);
	case DTRACE_DIF_SUBR_HTONLL:
		return (__force u64)cpu_to_be64(a0);
	case DTRACE_DIF_SUBR_NTOHS:
		return be16_to_cpu((__force __be16)(u16)a0);
	case DTRACE_DIF_SUBR_NTOHL:
		return be32_to_cpu((__force __be32)(u32)a0);
	case DTRACE_DIF_SUBR_NTOHLL:
		return be64_to_cpu((__force __be64)a0);
	case DTRACE_DIF_SUBR_INET_NTOA:
		return dtrace_subr_inet_ntoa(mst, a0);
	case DTRACE_DIF_SUBR_INET_NTOA6:
		return dtrace_subr_inet_ntoa6(mst, a0);
	case DTRACE_DIF_SUBR_INET_NTOP:
		if (a0 == AF_INET)
			return dtrace_subr_inet_ntoa(mst, a1);
		if (a0 == AF_INET6)
			return dtrace_subr_inet_ntoa6(mst, a1);
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, a0);
		return 0;
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
	case DTRACE_DIF_SUBR_PROGENYOF:
		return dtrace_subr_progenyof(a0);
	case DTRACE_DIF_SUBR_GETMAJOR:
		return MAJOR((dev_t)a0);
	case DTRACE_DIF_SUBR_GETMINOR:
		return MINOR((dev_t)a0);
	case DTRACE_DIF_SUBR_D_PATH:
		return dtrace_subr_d_path(mst, a0);
	case DTRACE_DIF_SUBR_MUTEX_OWNED:
		return !!dtrace_subr_mutex_owner(mst, a0);
	case DTRACE_DIF_SUBR_MUTEX_OWNER:
		return dtrace_subr_mutex_owner(mst, a0);
	case DTRACE_DIF_SUBR_RW_ISWRITER:
		return dtrace_subr_rw_iswriter(mst, a0);
	case DTRACE_DIF_SUBR_SPIN_LOCKED:
		return dtrace_subr_spin_locked(mst, a0);
	case DTRACE_DIF_SUBR_COPYOUT:
		return dtrace_subr_copyout(mst, a0, a1, a2);
	case DTRACE_DIF_SUBR_COPYOUTSTR:
		return dtrace_subr_copyoutstr(mst, a0, a1, a2);
	case DTRACE_DIF_SUBR_SPECULATION:
		return dtrace_spec_claim(mst);
	case DTRACE_DIF_SUBR_PSARGS:
		return dtrace_subr_psargs(mst, a0);
	}
	dtrace_fault_set(mst, DTRACEFLT_ILLOP, subr);
	return 0;
}
NOKPROBE_SYMBOL(dtrace_dif_subr);

/**
 * dtrace_dif_subr_destructive() - whether a subroutine changes the system
 * @subr: DTRACE_DIF_SUBR_*
 *
 * Context: any.
 * Return: true for copyout and copyoutstr, which write to user memory.
 */
bool dtrace_dif_subr_destructive(u32 subr)
{
	return subr < DTRACE_DIF_SUBR_MAX && dtrace_subr_tab[subr].destructive;
}
NOKPROBE_SYMBOL(dtrace_dif_subr_destructive);

/**
 * dtrace_dif_subr_nargs() - how many arguments a subroutine takes
 * @subr: DTRACE_DIF_SUBR_*
 * @min: set to the fewest
 * @max: set to the most
 *
 * An unknown @subr gets 0 and 0, like rand(), the one subroutine without
 * arguments; check @subr against DTRACE_DIF_SUBR_MAX first.
 *
 * Context: any.
 */
void dtrace_dif_subr_nargs(u32 subr, u32 *min, u32 *max)
{
	if (subr >= DTRACE_DIF_SUBR_MAX) {
		*min = 0;
		*max = 0;
		return;
	}
	*min = dtrace_subr_tab[subr].min;
	*max = dtrace_subr_tab[subr].max;
}
NOKPROBE_SYMBOL(dtrace_dif_subr_nargs);
