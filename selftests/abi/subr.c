// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: every DIF subroutine (DTRACE_DIF_OP_CALL) gives the result
 * docs/subroutines.md documents, edge cases included, and every bad
 * argument (NULL, unmapped or non-canonical pointers, a wrong argument
 * count, a bad base or address family, a destination outside scratch)
 * becomes a dtrace:::ERROR record with the documented fault instead of a
 * crash.  Clauses are hand-assembled DIF on dtrace:::BEGIN, one clause
 * per case; results come back through DTRACEIOC_BUFSNAP.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.  Uses include/uapi/linux/dtrace.h only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/dtrace.h>
#include "tap.h"

#define INSN(o, d, s1, s2, i) \
	((struct dtrace_dif_insn){ .op = (o), .dst = (d), .src1 = (s1), \
				   .src2 = (s2), .imm = (i) })

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAXCASES	128
#define MAXINSNS	64
#define STRTAB		512
#define SLOT		256	/* bytes of a string result in the record */
#define BUFSIZE		(256 * 1024)
#define BADPTR		0x8000000000000000ULL	/* non-canonical */

enum { ARG_INT, ARG_STR, ARG_SREF, ARG_BYTES, ARG_REG };
enum { WANT_INT, WANT_STR, WANT_FAULT };

struct arg {
	int kind;
	uint64_t v;		/* ARG_INT value, ARG_REG register */
	const char *s;		/* ARG_STR, ARG_SREF, ARG_BYTES */
	size_t len;		/* ARG_BYTES */
};

#define I(x)		((struct arg){ ARG_INT, (uint64_t)(x), NULL, 0 })
#define S(x)		((struct arg){ ARG_STR, 0, (x), 0 })
#define SV(x)		((struct arg){ ARG_SREF, 0, (x), 0 })
#define B(x, n)		((struct arg){ ARG_BYTES, 0, (x), (n) })
#define R(r)		((struct arg){ ARG_REG, (r), NULL, 0 })

/* One clause: a hand-assembled program and what it must give. */
struct tcase {
	char name[96];
	struct dtrace_dif_insn in[MAXINSNS];
	unsigned int n;
	uint64_t ints[16];
	unsigned int nints;
	char str[STRTAB];
	unsigned int slen;
	int want;
	uint64_t want_int;
	const char *want_str;
	uint32_t want_fault;
	int check_addr;
	uint64_t want_addr;
	/* results */
	int got_kind;		/* -1 none, WANT_INT/STR, WANT_FAULT */
	uint64_t got_int;
	char got_str[SLOT];
	uint64_t got_fault, got_addr;
};

static struct tcase cases[MAXCASES];
static unsigned int ncases;

static struct tcase *case_new(const char *name)
{
	struct tcase *c;

	if (ncases == MAXCASES) {
		fprintf(stderr, "subr.c: too many cases\n");
		exit(TAP_FAIL);
	}
	c = &cases[ncases++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->got_kind = -1;
	c->in[c->n++] = INSN(DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0);
	return c;
}

static void emit(struct tcase *c, struct dtrace_dif_insn in)
{
	if (c->n == MAXINSNS)
		exit(TAP_FAIL);
	c->in[c->n++] = in;
}

/* Put @len bytes in the string table (NUL added); its offset. */
static int strtab_add(struct tcase *c, const char *s, size_t len)
{
	int off = c->slen;

	if (c->slen + len + 1 > STRTAB)
		exit(TAP_FAIL);
	memcpy(c->str + off, s, len);
	c->str[off + len] = '\0';
	c->slen += len + 1;
	return off;
}

static void load_int(struct tcase *c, int reg, uint64_t v)
{
	c->ints[c->nints] = v;
	emit(c, INSN(DTRACE_DIF_OP_SETX, reg, 0, 0, c->nints++));
}

static void push(struct tcase *c, struct arg a)
{
	switch (a.kind) {
	case ARG_INT:
		load_int(c, 1, a.v);
		emit(c, INSN(DTRACE_DIF_OP_PUSHTV, 0, 1, 0, 0));
		break;
	case ARG_STR:
	case ARG_SREF:
		emit(c, INSN(DTRACE_DIF_OP_SETS, 1, 0, 0,
			     strtab_add(c, a.s, strlen(a.s))));
		emit(c, INSN(a.kind == ARG_STR ? DTRACE_DIF_OP_PUSHTR :
			     DTRACE_DIF_OP_PUSHTV, 0, 1, 0, 0));
		break;
	case ARG_BYTES:
		emit(c, INSN(DTRACE_DIF_OP_SETS, 1, 0, 0,
			     strtab_add(c, a.s, a.len)));
		emit(c, INSN(DTRACE_DIF_OP_PUSHTV, 0, 1, 0, 0));
		break;
	case ARG_REG:
		emit(c, INSN(DTRACE_DIF_OP_PUSHTV, 0, a.v, 0, 0));
		break;
	}
}

/* Call @subr on @n arguments into register @dst. */
static void call(struct tcase *c, int dst, int subr, unsigned int n,
		 const struct arg *args)
{
	unsigned int i;

	emit(c, INSN(DTRACE_DIF_OP_FLUSHTS, 0, 0, 0, 0));
	for (i = 0; i < n; i++)
		push(c, args[i]);
	emit(c, INSN(DTRACE_DIF_OP_CALL, dst, 0, 0, subr));
}

#define CALL(c, dst, subr, ...)						\
	call(c, dst, subr,						\
	     sizeof((struct arg[]){ __VA_ARGS__ }) / sizeof(struct arg),	\
	     (struct arg[]){ __VA_ARGS__ })
#define CALL0(c, dst, subr)	call(c, dst, subr, 0, NULL)

static void want_str(struct tcase *c, int reg, const char *s)
{
	emit(c, INSN(DTRACE_DIF_OP_RET, 0, reg, 0, 0));
	c->want = WANT_STR;
	c->want_str = s;
}

static void want_int(struct tcase *c, int reg, uint64_t v)
{
	emit(c, INSN(DTRACE_DIF_OP_RET, 0, reg, 0, 0));
	c->want = WANT_INT;
	c->want_int = v;
}

static void want_fault(struct tcase *c, int reg, uint32_t flt)
{
	emit(c, INSN(DTRACE_DIF_OP_RET, 0, reg, 0, 0));
	c->want = WANT_FAULT;
	c->want_fault = flt;
}

static void want_fault_at(struct tcase *c, int reg, uint32_t flt,
			  uint64_t addr)
{
	want_fault(c, reg, flt);
	c->check_addr = 1;
	c->want_addr = addr;
}

/* A case whose whole program is one call of @subr. */
#define STR_CASE(name, want, subr, ...) do {				\
		struct tcase *_c = case_new(name);			\
		CALL(_c, 2, subr, __VA_ARGS__);				\
		want_str(_c, 2, want);					\
	} while (0)
#define INT_CASE(name, want, subr, ...) do {				\
		struct tcase *_c = case_new(name);			\
		CALL(_c, 2, subr, __VA_ARGS__);				\
		want_int(_c, 2, want);					\
	} while (0)
#define FLT_CASE(name, flt, subr, ...) do {				\
		struct tcase *_c = case_new(name);			\
		CALL(_c, 2, subr, __VA_ARGS__);				\
		want_fault(_c, 2, flt);					\
	} while (0)

/* --- running a batch of cases in one consumer -------------------------- */

static int dt_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? errno : 0;
}

static void difo_set(struct dtrace_difo *d, const struct dtrace_dif_insn *in,
		     unsigned int n, unsigned int rtype, unsigned int rsize)
{
	memset(d, 0, sizeof(*d));
	d->insns = (uintptr_t)in;
	d->ninsns = n;
	d->rtype = rtype;
	d->rsize = rsize;
}

static int enable_on(int fd, const char *prov, const char *name,
		     struct dtrace_actdesc *act, unsigned int nact)
{
	struct dtrace_ioc_enable en = { .size = sizeof(en) };

	strcpy(en.desc.provider, prov);
	strcpy(en.desc.name, name);
	en.actions = (uintptr_t)act;
	en.nactions = nact;
	return dt_ioctl(fd, DTRACEIOC_ENABLE, &en);
}

static int enable(int fd, const char *name, struct dtrace_actdesc *act,
		  unsigned int nact)
{
	return enable_on(fd, "dtrace", name, act, nact);
}

static int setopt(int fd, uint32_t option, uint64_t value)
{
	struct dtrace_ioc_setopt opt = { .size = sizeof(opt) };

	opt.option = option;
	opt.value = value;
	return dt_ioctl(fd, DTRACEIOC_SETOPT, &opt);
}

static int dt_open(void)
{
	int fd = open("/dev/dtrace", O_RDWR);

	if (fd < 0)
		tap_skip_all("cannot open /dev/dtrace: %s", strerror(errno));
	return fd;
}

/* ERROR records the faulting EPID (arg0), the fault and its address. */
static int enable_error(int fd)
{
	static struct dtrace_dif_insn args[3][2];
	static const int argn[3] = { 0, 4, 5 };
	struct dtrace_actdesc act[3];
	int i;

	memset(act, 0, sizeof(act));
	for (i = 0; i < 3; i++) {
		args[i][0] = INSN(DTRACE_DIF_OP_LDV, 1, 0, 0,
				  DTRACE_DIF_VAR_ARG0 + argn[i]);
		args[i][1] = INSN(DTRACE_DIF_OP_RET, 0, 1, 0, 0);
		act[i].kind = DTRACE_ACT_DIFEXPR;
		act[i].offset = 8 * i;
		act[i].size = 8;
		difo_set(&act[i].difo, args[i], 2, DTRACE_DIF_RTYPE_INT, 8);
	}
	return enable(fd, "ERROR", act, 3);
}

static void read_records(const char *buf, uint64_t used)
{
	uint64_t off = 0;

	while (off + sizeof(struct dtrace_rechdr) <= used) {
		const struct dtrace_rechdr *h = (const void *)(buf + off);
		const char *data = buf + off + sizeof(*h);
		struct tcase *c;

		if (h->size < sizeof(*h))
			break;
		if (h->epid == 1) {
			const uint64_t *v = (const void *)data;

			if (v[0] >= 2 && v[0] - 2 < ncases) {
				c = &cases[v[0] - 2];
				c->got_kind = WANT_FAULT;
				c->got_fault = v[1];
				c->got_addr = v[2];
			}
		} else if (h->epid >= 2 && h->epid - 2 < ncases) {
			c = &cases[h->epid - 2];
			c->got_kind = c->want == WANT_STR ? WANT_STR : WANT_INT;
			if (c->want == WANT_STR)
				snprintf(c->got_str, SLOT, "%s", data);
			else
				memcpy(&c->got_int, data, 8);
		}
		off += (h->size + 7) & ~7u;
	}
}

static int all_done(void)
{
	unsigned int i;

	for (i = 0; i < ncases; i++)
		if (cases[i].got_kind < 0)
			return 0;
	return 1;
}

/*
 * Enable every case as a clause on @prov:::@name (one probe) of one
 * consumer with @strsize, run it until every case has a record or a
 * fault (BEGIN: at once; another probe: polling every CPU for at most
 * about ten seconds), and print one TAP line per case.  A case that
 * ENABLE refuses fails.
 */
static void run_cases_on(const char *group, const char *prov,
			 const char *name, uint64_t strsize, int destructive)
{
	struct dtrace_ioc_bufsnap snap = { .size = sizeof(snap) };
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	char *buf = calloc(1, BUFSIZE);
	int enabled[MAXCASES], tries;
	unsigned int i;
	int fd = dt_open();
	long cpu;

	setopt(fd, DTRACE_OPT_BUFSIZE, BUFSIZE);
	setopt(fd, DTRACE_OPT_STRSIZE, strsize);
	if (destructive)
		setopt(fd, DTRACE_OPT_DESTRUCTIVE, DTRACE_DESTRUCTIVE_ALLOW);
	if (enable_error(fd))
		tap_diag("%s: ERROR clause refused", group);
	for (i = 0; i < ncases; i++) {
		struct tcase *c = &cases[i];
		struct dtrace_actdesc act;

		memset(&act, 0, sizeof(act));
		act.kind = DTRACE_ACT_DIFEXPR;
		if (c->want == WANT_STR) {
			act.size = SLOT;
			difo_set(&act.difo, c->in, c->n,
				 DTRACE_DIF_RTYPE_STRING, 0);
		} else {
			act.size = 8;
			difo_set(&act.difo, c->in, c->n, DTRACE_DIF_RTYPE_INT,
				 8);
		}
		act.difo.inttab = (uintptr_t)c->ints;
		act.difo.nints = c->nints;
		act.difo.strtab = (uintptr_t)(c->slen ? c->str : "");
		act.difo.strtab_len = c->slen ? c->slen : 1;
		enabled[i] = enable_on(fd, prov, name, &act, 1);
		if (enabled[i]) {
			/* keep EPIDs in step with case numbers */
			tap_diag("%s: %s refused: %s", group, c->name,
				 strerror(enabled[i]));
			c->in[0] = INSN(DTRACE_DIF_OP_RET, 0, 0, 0, 0);
			difo_set(&act.difo, c->in, 1, DTRACE_DIF_RTYPE_INT, 8);
			act.size = 8;
			act.difo.strtab = 0;
			act.difo.strtab_len = 0;
			enable_on(fd, prov, name, &act, 1);
		}
	}
	snap.data = (uintptr_t)buf;
	snap.bufsize = BUFSIZE;
	if (dt_ioctl(fd, DTRACEIOC_GO, &go) != 0) {
		tap_diag("%s: GO failed: %s", group, strerror(errno));
	} else if (!strcmp(name, "BEGIN")) {
		snap.cpu = go.cpu;
		if (dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap) == 0)
			read_records(buf, snap.used);
	} else {
		for (tries = 0; tries < 1000 && !all_done(); tries++) {
			usleep(10000);
			for (cpu = 0; cpu < ncpu; cpu++) {
				snap.cpu = cpu;
				if (dt_ioctl(fd, DTRACEIOC_BUFSNAP, &snap) == 0)
					read_records(buf, snap.used);
			}
		}
	}
	close(fd);
	free(buf);

	for (i = 0; i < ncases; i++) {
		struct tcase *c = &cases[i];
		int ok = !enabled[i] && c->got_kind == c->want;

		if (ok && c->want == WANT_STR)
			ok = !strcmp(c->got_str, c->want_str);
		else if (ok && c->want == WANT_INT)
			ok = c->got_int == c->want_int;
		else if (ok)
			ok = c->got_fault == c->want_fault &&
			     (!c->check_addr || c->got_addr == c->want_addr);
		if (!ok) {
			if (c->got_kind == WANT_FAULT)
				tap_diag("got fault %llu at 0x%llx",
					 (unsigned long long)c->got_fault,
					 (unsigned long long)c->got_addr);
			else if (c->got_kind == WANT_STR)
				tap_diag("got \"%s\"", c->got_str);
			else if (c->got_kind == WANT_INT)
				tap_diag("got %lld (0x%llx)",
					 (long long)c->got_int,
					 (unsigned long long)c->got_int);
			else
				tap_diag("got no record");
		}
		tap_ok(ok, "%s: %s", group, c->name);
	}
	ncases = 0;
}

static void run_cases(const char *group, uint64_t strsize, int destructive)
{
	run_cases_on(group, "dtrace", "BEGIN", strsize, destructive);
}

/* --- the cases --------------------------------------------------------- */

static void test_strings(void)
{
	struct tcase *c;

	INT_CASE("strlen(\"hello\")", 5, DTRACE_DIF_SUBR_STRLEN, S("hello"));
	INT_CASE("strlen(\"\")", 0, DTRACE_DIF_SUBR_STRLEN, S(""));
	INT_CASE("strlen of a string pushed as an integer", 3,
		 DTRACE_DIF_SUBR_STRLEN, SV("abc"));
	FLT_CASE("strlen(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_STRLEN, I(0));
	c = case_new("strlen(non-canonical) faults at it");
	CALL(c, 2, DTRACE_DIF_SUBR_STRLEN, I(BADPTR));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, BADPTR);
	FLT_CASE("strlen(user address) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_STRLEN, I((uintptr_t)&cases));
	c = case_new("strlen with no arguments is ILLOP");
	CALL0(c, 2, DTRACE_DIF_SUBR_STRLEN);
	want_fault(c, 2, DTRACEFLT_ILLOP);
	FLT_CASE("strlen with two arguments is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_STRLEN, S("a"), S("b"));

	STR_CASE("strjoin", "foobar", DTRACE_DIF_SUBR_STRJOIN,
		 S("foo"), S("bar"));
	STR_CASE("strjoin empty left", "bar", DTRACE_DIF_SUBR_STRJOIN,
		 S(""), S("bar"));
	STR_CASE("strjoin both empty", "", DTRACE_DIF_SUBR_STRJOIN,
		 S(""), S(""));
	FLT_CASE("strjoin(NULL, s) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_STRJOIN, I(0), S("x"));

	STR_CASE("substr(s, 1)", "ello", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(1));
	STR_CASE("substr(s, 1, 3)", "ell", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(1), I(3));
	STR_CASE("substr(s, -3)", "llo", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(-3));
	STR_CASE("substr(s, -3, 2)", "ll", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(-3), I(2));
	STR_CASE("substr(s, -10)", "hello", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(-10));
	STR_CASE("substr(s, -7, 3)", "h", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(-7), I(3));
	STR_CASE("substr(s, 1, -1)", "ell", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(1), I(-1));
	STR_CASE("substr(s, 5)", "", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(5));
	STR_CASE("substr(s, 99)", "", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(99));
	STR_CASE("substr(s, 2, 0)", "", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(2), I(0));
	STR_CASE("substr(s, 3, 100)", "lo", DTRACE_DIF_SUBR_SUBSTR,
		 S("hello"), I(3), I(100));

	INT_CASE("index found", 2, DTRACE_DIF_SUBR_INDEX,
		 S("abcabc"), S("ca"));
	INT_CASE("index not found", -1, DTRACE_DIF_SUBR_INDEX,
		 S("abcabc"), S("x"));
	INT_CASE("index with start", 3, DTRACE_DIF_SUBR_INDEX,
		 S("abcabc"), S("ab"), I(1));
	INT_CASE("index with negative start", 0, DTRACE_DIF_SUBR_INDEX,
		 S("abcabc"), S("ab"), I(-5));
	INT_CASE("index start past the end", -1, DTRACE_DIF_SUBR_INDEX,
		 S("abc"), S("a"), I(10));
	INT_CASE("index of \"\"", 0, DTRACE_DIF_SUBR_INDEX, S("abc"), S(""));
	INT_CASE("index of a longer string", -1, DTRACE_DIF_SUBR_INDEX,
		 S("ab"), S("abc"));
	INT_CASE("rindex found", 3, DTRACE_DIF_SUBR_RINDEX,
		 S("abcabc"), S("ab"));
	INT_CASE("rindex with start", 0, DTRACE_DIF_SUBR_RINDEX,
		 S("abcabc"), S("ab"), I(2));
	INT_CASE("rindex negative start", -1, DTRACE_DIF_SUBR_RINDEX,
		 S("abcabc"), S("ab"), I(-1));
	INT_CASE("rindex of \"\"", 3, DTRACE_DIF_SUBR_RINDEX,
		 S("abc"), S(""));
	INT_CASE("rindex not found", -1, DTRACE_DIF_SUBR_RINDEX,
		 S("abc"), S("z"));

	STR_CASE("strchr", "llo.c", DTRACE_DIF_SUBR_STRCHR,
		 S("hello.c"), I('l'));
	INT_CASE("strchr not found is NULL", 0, DTRACE_DIF_SUBR_STRCHR,
		 S("hello"), I('z'));
	STR_CASE("strrchr", "o.c", DTRACE_DIF_SUBR_STRRCHR,
		 S("hello.c"), I('o'));
	STR_CASE("strrchr of the last char", "c", DTRACE_DIF_SUBR_STRRCHR,
		 S("abc"), I('c'));
	INT_CASE("strrchr in \"\" is NULL", 0, DTRACE_DIF_SUBR_STRRCHR,
		 S(""), I('a'));
	STR_CASE("strstr", "lo world", DTRACE_DIF_SUBR_STRSTR,
		 S("hello world"), S("lo"));
	STR_CASE("strstr of \"\"", "abc", DTRACE_DIF_SUBR_STRSTR,
		 S("abc"), S(""));
	INT_CASE("strstr not found is NULL", 0, DTRACE_DIF_SUBR_STRSTR,
		 S("hello"), S("hellos"));

	STR_CASE("toupper", "ABC-XYZ 09", DTRACE_DIF_SUBR_TOUPPER,
		 S("abC-xYz 09"));
	STR_CASE("tolower", "abc-xyz 09", DTRACE_DIF_SUBR_TOLOWER,
		 S("ABc-XyZ 09"));
	STR_CASE("toupper(\"\")", "", DTRACE_DIF_SUBR_TOUPPER, S(""));
	run_cases("strings", 256, 0);
}

static void test_strtok(void)
{
	static const char *const tok[] = { "a", "bb", "c" };
	struct tcase *c;
	int i;

	/*
	 * One string, up to four calls in one clause: the state lasts the
	 * clause firing.  Case i checks call i + 1.
	 */
	for (i = 0; i < 4; i++) {
		char name[64];
		int j;

		snprintf(name, sizeof(name), "strtok call %d", i + 1);
		c = case_new(name);
		CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, SV(",,a,bb;;c,;"), S(",;"));
		for (j = 0; j < i; j++)
			CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(",;"));
		if (i < 3)
			want_str(c, 2, tok[i]);
		else
			want_int(c, 2, 0);
	}
	/*
	 * A clause firing of its own does not continue the one before: it
	 * has no string, and NULL is then a bad address, 0.
	 */
	c = case_new("strtok(NULL) in a new clause firing faults BADADDR at 0");
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(",;"));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, 0);
	c = case_new("strtok(NULL) after the end stays NULL");
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, SV("a"), S(","));
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(","));
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(","));
	want_int(c, 2, 0);
	STR_CASE("strtok without delimiters in s", "abc",
		 DTRACE_DIF_SUBR_STRTOK, SV("abc"), S(","));
	/*
	 * As in DTrace, the next call starts at the delimiter that ended
	 * the token: skipped if it is one of the new delimiters, else the
	 * start of the next token.
	 */
	c = case_new("strtok delimiters may change between calls");
	CALL(c, 3, DTRACE_DIF_SUBR_STRTOK, SV("a=b,c"), S("="));
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(","));
	want_str(c, 2, "=b");
	c = case_new("strtok: the ending delimiter, one of the next set, is skipped");
	CALL(c, 3, DTRACE_DIF_SUBR_STRTOK, SV("a=b,c"), S("="));
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(",="));
	want_str(c, 2, "b");
	INT_CASE("strtok of only delimiters is NULL", 0,
		 DTRACE_DIF_SUBR_STRTOK, SV(",,,"), S(","));
	INT_CASE("strtok(\"\") is NULL", 0, DTRACE_DIF_SUBR_STRTOK,
		 SV(""), S(","));
	STR_CASE("strtok with no delimiters gives the rest", "x y",
		 DTRACE_DIF_SUBR_STRTOK, SV("x y"), S(""));
	run_cases("strtok", 256, 0);
}

static void test_paths(void)
{
	static const char *const bn[][2] = {
		{ "/usr/lib/libc.so", "libc.so" }, { "/usr/lib/", "lib" },
		{ "/", "/" }, { "//", "/" }, { "", "." }, { "foo", "foo" },
		{ "a/b//", "b" }, { ".", "." }, { "..", ".." },
	};
	static const char *const dn[][2] = {
		{ "/usr/lib/libc.so", "/usr/lib" }, { "/usr/lib/", "/usr" },
		{ "/", "/" }, { "", "." }, { "foo", "." }, { "foo/", "." },
		{ "/foo", "/" }, { "//foo", "/" }, { "a//b", "a" },
		{ ".", "." }, { "../x", ".." },
	};
	static const char *const cp[][2] = {
		{ "/foo/../bar", "/bar" }, { "/a/./b//c/", "/a/b/c" },
		{ "/..", "/" }, { "/../a", "/a" }, { "a/..", "." },
		{ "a/../..", ".." }, { "../../a", "../../a" },
		{ "", "" }, { "/", "/" }, { "//", "/" }, { ".", "." },
		{ "a/b/../../c", "c" }, { "/a/b/c/../../..", "/" },
		{ "./a/", "a" }, { "a/.../b", "a/.../b" },
	};
	char name[96];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bn); i++) {
		snprintf(name, sizeof(name), "basename(\"%s\")", bn[i][0]);
		STR_CASE(name, bn[i][1], DTRACE_DIF_SUBR_BASENAME, S(bn[i][0]));
	}
	for (i = 0; i < ARRAY_SIZE(dn); i++) {
		snprintf(name, sizeof(name), "dirname(\"%s\")", dn[i][0]);
		STR_CASE(name, dn[i][1], DTRACE_DIF_SUBR_DIRNAME, S(dn[i][0]));
	}
	for (i = 0; i < ARRAY_SIZE(cp); i++) {
		snprintf(name, sizeof(name), "cleanpath(\"%s\")", cp[i][0]);
		STR_CASE(name, cp[i][1], DTRACE_DIF_SUBR_CLEANPATH,
			 S(cp[i][0]));
	}
	FLT_CASE("basename(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_BASENAME, I(0));
	run_cases("paths", 256, 0);
}

static void test_numbers(void)
{
	STR_CASE("lltostr(0)", "0", DTRACE_DIF_SUBR_LLTOSTR, I(0));
	STR_CASE("lltostr(-1234)", "-1234", DTRACE_DIF_SUBR_LLTOSTR,
		 I(-1234));
	STR_CASE("lltostr(INT64_MIN)", "-9223372036854775808",
		 DTRACE_DIF_SUBR_LLTOSTR, I(INT64_MIN));
	STR_CASE("lltostr(255, 16)", "ff", DTRACE_DIF_SUBR_LLTOSTR,
		 I(255), I(16));
	STR_CASE("lltostr(5, 2)", "101", DTRACE_DIF_SUBR_LLTOSTR,
		 I(5), I(2));
	STR_CASE("lltostr(-1, 16) is unsigned", "ffffffffffffffff",
		 DTRACE_DIF_SUBR_LLTOSTR, I(-1), I(16));
	STR_CASE("lltostr(35, 36)", "z", DTRACE_DIF_SUBR_LLTOSTR,
		 I(35), I(36));
	STR_CASE("lltostr(UINT64_MAX, 36)", "3w5e11264sgsf",
		 DTRACE_DIF_SUBR_LLTOSTR, I(UINT64_MAX), I(36));
	FLT_CASE("lltostr base 1 is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_LLTOSTR, I(5), I(1));
	FLT_CASE("lltostr base 37 is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_LLTOSTR, I(5), I(37));

	INT_CASE("strtoll(\"  -42x\")", -42, DTRACE_DIF_SUBR_STRTOLL,
		 S("  -42x"));
	INT_CASE("strtoll(\"+17\")", 17, DTRACE_DIF_SUBR_STRTOLL, S("+17"));
	INT_CASE("strtoll(\"0x1f\", 16)", 31, DTRACE_DIF_SUBR_STRTOLL,
		 S("0x1f"), I(16));
	INT_CASE("strtoll(\"0x1f\") is 0 in base 10", 0,
		 DTRACE_DIF_SUBR_STRTOLL, S("0x1f"));
	INT_CASE("strtoll(\"0x1f\", 0)", 31, DTRACE_DIF_SUBR_STRTOLL,
		 S("0x1f"), I(0));
	INT_CASE("strtoll(\"017\", 0)", 15, DTRACE_DIF_SUBR_STRTOLL,
		 S("017"), I(0));
	INT_CASE("strtoll(\"zz\", 36)", 1295, DTRACE_DIF_SUBR_STRTOLL,
		 S("zz"), I(36));
	INT_CASE("strtoll(\"1101\", 2)", 13, DTRACE_DIF_SUBR_STRTOLL,
		 S("1101"), I(2));
	INT_CASE("strtoll(\"\")", 0, DTRACE_DIF_SUBR_STRTOLL, S(""));
	INT_CASE("strtoll saturates", INT64_MAX, DTRACE_DIF_SUBR_STRTOLL,
		 S("99999999999999999999"));
	INT_CASE("strtoll saturates negative", INT64_MIN,
		 DTRACE_DIF_SUBR_STRTOLL, S("-99999999999999999999"));
	INT_CASE("strtoll(INT64_MIN)", INT64_MIN, DTRACE_DIF_SUBR_STRTOLL,
		 S("-9223372036854775808"));
	FLT_CASE("strtoll base 99 is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_STRTOLL, S("1"), I(99));

	INT_CASE("htons", 0x3412, DTRACE_DIF_SUBR_HTONS, I(0x1234));
	INT_CASE("htonl", 0x78563412, DTRACE_DIF_SUBR_HTONL, I(0x12345678));
	INT_CASE("htonll", 0x0807060504030201ULL, DTRACE_DIF_SUBR_HTONLL,
		 I(0x0102030405060708ULL));
	INT_CASE("ntohs", 0x3412, DTRACE_DIF_SUBR_NTOHS, I(0xff1234));
	INT_CASE("ntohl", 0x78563412, DTRACE_DIF_SUBR_NTOHL, I(0x12345678));
	INT_CASE("ntohll", 0x0807060504030201ULL, DTRACE_DIF_SUBR_NTOHLL,
		 I(0x0102030405060708ULL));

	INT_CASE("getmajor", 8, DTRACE_DIF_SUBR_GETMAJOR, I((8 << 20) | 17));
	INT_CASE("getminor", 17, DTRACE_DIF_SUBR_GETMINOR, I((8 << 20) | 17));
	INT_CASE("getminor of a 20-bit minor", 0xfffff,
		 DTRACE_DIF_SUBR_GETMINOR, I((259u << 20) | 0xfffff));

	INT_CASE("progenyof(self)", 1, DTRACE_DIF_SUBR_PROGENYOF,
		 I(getpid()));
	INT_CASE("progenyof(parent)", 1, DTRACE_DIF_SUBR_PROGENYOF,
		 I(getppid()));
	INT_CASE("progenyof(1)", 1, DTRACE_DIF_SUBR_PROGENYOF, I(1));
	INT_CASE("progenyof(no such pid)", 0, DTRACE_DIF_SUBR_PROGENYOF,
		 I(0x7ffffff0));
	run_cases("numbers", 256, 0);
}

static void test_rand(void)
{
	struct tcase *c = case_new("rand() differs between calls, 32 bits");

	/* r4 = (rand() != rand()) + (rand() >> 32 == 0) */
	CALL0(c, 2, DTRACE_DIF_SUBR_RAND);
	CALL0(c, 3, DTRACE_DIF_SUBR_RAND);
	emit(c, INSN(DTRACE_DIF_OP_SNE, 4, 2, 3, 0));
	load_int(c, 5, 32);
	emit(c, INSN(DTRACE_DIF_OP_LSR, 5, 2, 5, 0));
	emit(c, INSN(DTRACE_DIF_OP_SEQ, 5, 5, 0, 0));
	emit(c, INSN(DTRACE_DIF_OP_ADD, 4, 4, 5, 0));
	want_int(c, 4, 2);
	FLT_CASE("rand(1) is ILLOP", DTRACEFLT_ILLOP, DTRACE_DIF_SUBR_RAND,
		 I(1));
	run_cases("rand", 256, 0);
}

static void test_inet(void)
{
	static const struct {
		const char *bytes, *text;
	} v6[] = {
		{ "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", "::" },
		{ "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", "::1" },
		{ "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\1", "2001:db8::1" },
		{ "\x20\x01\x0d\xb8\0\0\0\1\0\0\0\0\0\0\0\1",
		  "2001:db8:0:1::1" },
		{ "\x20\x01\x0d\xb8\0\0\0\0\0\1\0\0\0\0\0\1",
		  "2001:db8::1:0:0:1" },
		{ "\x20\x01\x0d\xb8\0\1\0\1\0\1\0\1\0\1\0\0",
		  "2001:db8:1:1:1:1:1:0" },
		{ "\x20\x01\x0d\xb8\0\0\0\1\0\1\0\1\0\1\0\1",
		  "2001:db8:0:1:1:1:1:1" },
		{ "\xfe\x80\0\0\0\0\0\0\x02\x1a\x2b\xff\xfe\x3c\x4d\x5e",
		  "fe80::21a:2bff:fe3c:4d5e" },
		{ "\xff\x02\0\0\0\0\0\0\0\0\0\0\0\0\0\x01", "ff02::1" },
		{ "\0\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0", "1::" },
		{ "\0\0\0\0\0\0\0\0\0\0\xff\xff\xc0\xa8\x01\x02",
		  "::ffff:192.168.1.2" },
		{ "\0\0\0\0\0\0\0\0\0\0\0\0\x0a\0\0\x01", "::10.0.0.1" },
		{ "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\xff\xff", "::ffff" },
		{ "\xAB\xCD\xEF\x01\x23\x45\x67\x89\xAB\xCD\xEF\x01\x23\x45\x67"
		  "\x89", "abcd:ef01:2345:6789:abcd:ef01:2345:6789" },
		{ "\0\1\0\0\0\1\0\0\0\0\0\1\0\0\0\1", "1:0:1::1:0:1" },
	};
	char name[96];
	unsigned int i;

	STR_CASE("inet_ntoa", "192.168.0.1", DTRACE_DIF_SUBR_INET_NTOA,
		 B("\xc0\xa8\0\1", 4));
	STR_CASE("inet_ntoa(0.0.0.0)", "0.0.0.0", DTRACE_DIF_SUBR_INET_NTOA,
		 B("\0\0\0\0", 4));
	STR_CASE("inet_ntoa(255.255.255.255)", "255.255.255.255",
		 DTRACE_DIF_SUBR_INET_NTOA, B("\xff\xff\xff\xff", 4));
	FLT_CASE("inet_ntoa(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_INET_NTOA, I(0));
	/* strict: RFC 5952 throughout */
	for (i = 0; i < ARRAY_SIZE(v6); i++) {
		snprintf(name, sizeof(name), "inet_ntoa6 %s", v6[i].text);
		STR_CASE(name, v6[i].text, DTRACE_DIF_SUBR_INET_NTOA6,
			 B(v6[i].bytes, 16), I(1));
	}
	/* not strict: IPv4-mapped and -compatible ones as a dotted quad */
	STR_CASE("inet_ntoa6 ::ffff:192.168.1.2 not strict", "192.168.1.2",
		 DTRACE_DIF_SUBR_INET_NTOA6,
		 B("\0\0\0\0\0\0\0\0\0\0\xff\xff\xc0\xa8\x01\x02", 16));
	STR_CASE("inet_ntoa6 ::10.0.0.1, strict 0", "10.0.0.1",
		 DTRACE_DIF_SUBR_INET_NTOA6,
		 B("\0\0\0\0\0\0\0\0\0\0\0\0\x0a\0\0\x01", 16), I(0));
	STR_CASE("inet_ntoa6 ::1 not strict", "::1", DTRACE_DIF_SUBR_INET_NTOA6,
		 B("\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16));
	STR_CASE("inet_ntop(AF_INET6) of a mapped address", "::ffff:127.0.0.1",
		 DTRACE_DIF_SUBR_INET_NTOP, I(10),
		 B("\0\0\0\0\0\0\0\0\0\0\xff\xff\x7f\0\0\x01", 16));
	STR_CASE("inet_ntop(AF_INET)", "10.1.2.3", DTRACE_DIF_SUBR_INET_NTOP,
		 I(2), B("\x0a\x01\x02\x03", 4));
	STR_CASE("inet_ntop(AF_INET6)", "fe80::1", DTRACE_DIF_SUBR_INET_NTOP,
		 I(10), B("\xfe\x80\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 16));
	FLT_CASE("inet_ntop(AF_UNIX) is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_INET_NTOP, I(1), B("\0\0\0\0", 4));
	FLT_CASE("inet_ntoa6(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_INET_NTOA6, I(0));
	run_cases("inet", 256, 0);
}

/* strsize 8: strings hold 7 characters. */
static void test_strsize(void)
{
	INT_CASE("strlen stops at strsize - 1", 7, DTRACE_DIF_SUBR_STRLEN,
		 S("abcdefghijkl"));
	STR_CASE("strjoin truncated", "abcdefg", DTRACE_DIF_SUBR_STRJOIN,
		 S("abcde"), S("fghij"));
	STR_CASE("toupper truncated", "ABCDEFG", DTRACE_DIF_SUBR_TOUPPER,
		 S("abcdefghij"));
	STR_CASE("substr of a truncated string", "fg",
		 DTRACE_DIF_SUBR_SUBSTR, S("abcdefghij"), I(-2));
	INT_CASE("index past strsize is not found", -1,
		 DTRACE_DIF_SUBR_INDEX, S("abcdefghij"), S("i"));
	STR_CASE("lltostr truncated", "-123456", DTRACE_DIF_SUBR_LLTOSTR,
		 I(-123456789));
	STR_CASE("inet_ntoa truncated", "192.168",
		 DTRACE_DIF_SUBR_INET_NTOA, B("\xc0\xa8\0\1", 4));
	run_cases("strsize 8", 8, 0);
}

static char *ubuf;		/* two pages, the second unmapped */
static long pagesz;

/* A page followed by an unmapped one. */
static char *map_edge(void)
{
	char *p = mmap(NULL, 2 * pagesz, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(TAP_FAIL);
	munmap(p + pagesz, pagesz);
	return p;
}

static void test_user(void)
{
	static char src[32] = "user data";
	struct tcase *c;
	char *edge, *nonul;

	pagesz = sysconf(_SC_PAGESIZE);
	ubuf = map_edge();
	edge = ubuf + pagesz - 4;
	memcpy(edge, "end", 4);		/* NUL in the page's last byte */
	nonul = map_edge();
	memcpy(nonul + pagesz - 4, "abcd", 4);	/* no NUL before the end */

	c = case_new("copyin");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYIN, I((uintptr_t)src), I(9));
	c->in[c->n++] = INSN(DTRACE_DIF_OP_RET, 0, 2, 0, 0);
	c->want = WANT_STR;	/* scratch is zeroed: a string of 9 */
	c->want_str = "user data";
	c = case_new("copyin across into an unmapped page faults there");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYIN, I((uintptr_t)edge), I(8));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, (uintptr_t)ubuf + pagesz);
	FLT_CASE("copyin(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_COPYIN, I(0), I(4));
	FLT_CASE("copyin of a kernel address faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_COPYIN, I(0xffffffff81000000ULL), I(4));
	FLT_CASE("copyin larger than scratch is NOSCRATCH",
		 DTRACEFLT_NOSCRATCH, DTRACE_DIF_SUBR_COPYIN,
		 I((uintptr_t)src), I(1 << 30));

	STR_CASE("copyinstr", "user data", DTRACE_DIF_SUBR_COPYINSTR,
		 I((uintptr_t)src));
	STR_CASE("copyinstr with max 5: 4 characters and the NUL", "user",
		 DTRACE_DIF_SUBR_COPYINSTR, I((uintptr_t)src), I(5));
	STR_CASE("copyinstr with max 4: 3 characters and the NUL", "use",
		 DTRACE_DIF_SUBR_COPYINSTR, I((uintptr_t)src), I(4));
	STR_CASE("copyinstr max 0", "", DTRACE_DIF_SUBR_COPYINSTR,
		 I((uintptr_t)src), I(0));
	STR_CASE("copyinstr ending before an unmapped page", "end",
		 DTRACE_DIF_SUBR_COPYINSTR, I((uintptr_t)edge));
	c = case_new("copyinstr running into an unmapped page faults");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYINSTR, I((uintptr_t)nonul + pagesz - 4));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, (uintptr_t)nonul + pagesz);
	FLT_CASE("copyinstr(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_COPYINSTR, I(0));

	c = case_new("copyinto alloca'd scratch");
	CALL(c, 3, DTRACE_DIF_SUBR_ALLOCA, I(16));
	CALL(c, 2, DTRACE_DIF_SUBR_COPYINTO, I((uintptr_t)src), I(4), R(3));
	want_str(c, 3, "user");
	c = case_new("copyinto past the scratch allocated faults");
	CALL(c, 3, DTRACE_DIF_SUBR_ALLOCA, I(8));
	CALL(c, 2, DTRACE_DIF_SUBR_COPYINTO, I((uintptr_t)src), I(9), R(3));
	want_fault(c, 2, DTRACEFLT_BADADDR);
	c = case_new("copyinto a string table address faults");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYINTO, I((uintptr_t)src), I(1),
	     SV("dest"));
	want_fault(c, 2, DTRACEFLT_BADADDR);

	c = case_new("bcopy into alloca'd scratch");
	CALL(c, 3, DTRACE_DIF_SUBR_ALLOCA, I(16));
	CALL(c, 2, DTRACE_DIF_SUBR_BCOPY, SV("kernel"), R(3), I(3));
	want_str(c, 3, "ker");
	c = case_new("bcopy from NULL faults");
	CALL(c, 3, DTRACE_DIF_SUBR_ALLOCA, I(16));
	CALL(c, 2, DTRACE_DIF_SUBR_BCOPY, I(0), R(3), I(3));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, 0);
	c = case_new("bcopy to a user address faults");
	CALL(c, 2, DTRACE_DIF_SUBR_BCOPY, SV("kernel"), I((uintptr_t)src),
	     I(3));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, (uintptr_t)src);

	c = case_new("alloca is zeroed");
	CALL(c, 3, DTRACE_DIF_SUBR_ALLOCA, I(64));
	emit(c, INSN(DTRACE_DIF_OP_LDX, 2, 3, 0, 56));
	want_int(c, 2, 0);
	FLT_CASE("alloca too large is NOSCRATCH", DTRACEFLT_NOSCRATCH,
		 DTRACE_DIF_SUBR_ALLOCA, I(1ULL << 40));
	run_cases("user", 256, 0);
}

static char outbuf[64];

static void test_copyout(void)
{
	struct tcase *c;
	char *edge = ubuf + pagesz - 4;

	memset(outbuf, 'x', sizeof(outbuf));
	c = case_new("copyout");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUT, SV("hello"), I((uintptr_t)outbuf),
	     I(5));
	want_int(c, 2, 0);
	c = case_new("copyoutstr stops at size, NUL included");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUTSTR, S("abcdef"),
	     I((uintptr_t)outbuf + 16), I(4));
	want_int(c, 2, 0);
	c = case_new("copyoutstr of a short string");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUTSTR, S("ab"),
	     I((uintptr_t)outbuf + 32), I(10));
	want_int(c, 2, 0);
	c = case_new("copyout into an unmapped page faults there");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUT, SV("abcdefgh"),
	     I((uintptr_t)edge), I(8));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, (uintptr_t)ubuf + pagesz);
	c = case_new("copyout from a bad kernel address faults");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUT, I(BADPTR), I((uintptr_t)outbuf),
	     I(8));
	want_fault_at(c, 2, DTRACEFLT_BADADDR, BADPTR);
	FLT_CASE("copyout larger than scratch is ILLOP", DTRACEFLT_ILLOP,
		 DTRACE_DIF_SUBR_COPYOUT, SV("x"), I((uintptr_t)outbuf),
		 I(1ULL << 40));
	run_cases("copyout", 256, 1);

	tap_ok(!memcmp(outbuf, "helloxxx", 8), "copyout wrote 5 bytes");
	tap_ok(!memcmp(outbuf + 16, "abc\0xxx", 7),
	       "copyoutstr wrote 3 characters and a NUL");
	tap_ok(!memcmp(outbuf + 32, "ab\0xxx", 6),
	       "copyoutstr wrote \"ab\" and a NUL");
	tap_ok(!memcmp(edge, "abcd", 4) || !memcmp(edge, "end", 4),
	       "copyout to a partly unmapped range did not crash");
}

static void test_destructive_refused(void)
{
	struct tcase *c = case_new("copyout without destructive");
	struct dtrace_actdesc act;
	int fd = dt_open(), ret;

	CALL(c, 2, DTRACE_DIF_SUBR_COPYOUT, SV("x"), I((uintptr_t)outbuf),
	     I(1));
	want_int(c, 2, 0);
	memset(&act, 0, sizeof(act));
	act.kind = DTRACE_ACT_DIFEXPR;
	act.size = 8;
	difo_set(&act.difo, c->in, c->n, DTRACE_DIF_RTYPE_INT, 8);
	act.difo.inttab = (uintptr_t)c->ints;
	act.difo.nints = c->nints;
	act.difo.strtab = (uintptr_t)c->str;
	act.difo.strtab_len = c->slen;
	ret = enable(fd, "BEGIN", &act, 1);
	tap_ok(ret != 0, "copyout is refused without the destructive option (%s)",
	       strerror(ret));
	close(fd);
	ncases = 0;
}

/* Offset of member @member in struct @type per the kernel's BTF, or -1. */
static long btf_offset(const char *type, const char *member)
{
	char cmd[160], line[256], pat[64];
	long off = -1;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "pahole -C %s /sys/kernel/btf/vmlinux 2>/dev/null", type);
	snprintf(pat, sizeof(pat), " %s;", member);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		char *c = strstr(line, pat);
		char *o = c ? strstr(c, "/*") : NULL;

		if (o && line[0] == '\t' && line[1] != '\t')
			off = strtol(o + 2, NULL, 10);
	}
	pclose(p);
	return off;
}

/* &curthread->fs->@which into register 3. */
static void load_fs_path(struct tcase *c, long fs, long which)
{
	emit(c, INSN(DTRACE_DIF_OP_LDV, 3, 0, 0, DTRACE_DIF_VAR_CURTHREAD));
	emit(c, INSN(DTRACE_DIF_OP_LDX, 3, 3, 0, fs));
	load_int(c, 4, which);
	emit(c, INSN(DTRACE_DIF_OP_ADD, 3, 3, 4, 0));
}

/* kallsyms address of a data symbol, or 0. */
static uint64_t ksym(const char *name)
{
	char line[256], sym[128], t;
	unsigned long long a;
	uint64_t found = 0;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &a, &t, sym) == 3 &&
		    !strcmp(sym, name) && !strchr(line, '[')) {
			found = a;
			break;
		}
	fclose(f);
	return found;
}

static void test_kernel(void)
{
	long fs = btf_offset("task_struct", "fs");
	long root = btf_offset("fs_struct", "root");
	long pwd = btf_offset("fs_struct", "pwd");
	uint64_t mtx = ksym("module_mutex"), rws = ksym("uts_sem");
	char cwd[512], tmpdir[] = "/tmp/subr.XXXXXX";
	struct tcase *c;

	FLT_CASE("d_path(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_D_PATH, I(0));
	FLT_CASE("mutex_owned(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_MUTEX_OWNED, I(0));
	FLT_CASE("mutex_owner(bad) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_MUTEX_OWNER, I(BADPTR));
	FLT_CASE("rw_iswriter(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_RW_ISWRITER, I(0));
	FLT_CASE("spin_locked(NULL) faults", DTRACEFLT_BADADDR,
		 DTRACE_DIF_SUBR_SPIN_LOCKED, I(0));
	if (mtx) {
		INT_CASE("mutex_owned(&module_mutex) is 0", 0,
			 DTRACE_DIF_SUBR_MUTEX_OWNED, I(mtx));
		INT_CASE("mutex_owner(&module_mutex) is NULL", 0,
			 DTRACE_DIF_SUBR_MUTEX_OWNER, I(mtx));
	}
	if (rws)
		INT_CASE("rw_iswriter(&uts_sem) is 0", 0,
			 DTRACE_DIF_SUBR_RW_ISWRITER, I(rws));

	if (fs < 0 || root < 0 || pwd < 0 || !getcwd(cwd, sizeof(cwd)) ||
	    !mkdtemp(tmpdir)) {
		run_cases("kernel", 256, 0);
		tap_skip("d_path", "no BTF offsets (pahole) or no cwd");
		return;
	}
	c = case_new("d_path(&curthread->fs->root)");
	load_fs_path(c, fs, root);
	CALL(c, 2, DTRACE_DIF_SUBR_D_PATH, R(3));
	want_str(c, 2, "/");
	run_cases("kernel", 256, 0);

	/* /usr/share is in the root's own mount (the guest's 9p root) */
	if (chdir("/usr/share") == 0) {
		c = case_new("d_path(&curthread->fs->pwd) in the root mount");
		load_fs_path(c, fs, pwd);
		CALL(c, 2, DTRACE_DIF_SUBR_D_PATH, R(3));
		want_str(c, 2, "/usr/share");
		run_cases("kernel", 256, 0);
		c = case_new("d_path too long keeps the end behind ...");
		load_fs_path(c, fs, pwd);
		CALL(c, 2, DTRACE_DIF_SUBR_D_PATH, R(3));
		want_str(c, 2, "...hare");
		run_cases("kernel strsize 8", 8, 0);
	}

	/* /tmp is a tmpfs of its own: its id, then the path inside it. */
	if (chdir(tmpdir) == 0) {
		static char want[64];

		snprintf(want, sizeof(want), "tmpfs:/%s", tmpdir + 5);
		c = case_new("d_path in another mount is s_id:/path");
		load_fs_path(c, fs, pwd);
		CALL(c, 2, DTRACE_DIF_SUBR_D_PATH, R(3));
		want_str(c, 2, want);
		run_cases("kernel", 256, 0);
	}
	if (chdir(cwd))
		tap_diag("cannot go back to %s", cwd);
	rmdir(tmpdir);
}

/*
 * The same subroutines from a timer interrupt, where the current task is
 * whichever was running: results that do not depend on it must be the
 * same, and user or task-relative reads must fault or work, never crash.
 */
static void test_interrupt(long fs, long root)
{
	struct tcase *c;

	STR_CASE("strjoin in a tick", "foobar", DTRACE_DIF_SUBR_STRJOIN,
		 S("foo"), S("bar"));
	STR_CASE("cleanpath in a tick", "/b", DTRACE_DIF_SUBR_CLEANPATH,
		 S("/a/../b/"));
	STR_CASE("inet_ntoa6 in a tick", "1.2.3.4",
		 DTRACE_DIF_SUBR_INET_NTOA6,
		 B("\0\0\0\0\0\0\0\0\0\0\xff\xff\1\2\3\4", 16));
	c = case_new("strtok in a tick");
	CALL(c, 3, DTRACE_DIF_SUBR_STRTOK, SV("x:y"), S(":"));
	CALL(c, 2, DTRACE_DIF_SUBR_STRTOK, I(0), S(":"));
	want_str(c, 2, "y");
	c = case_new("copyin(NULL) in a tick faults");
	CALL(c, 2, DTRACE_DIF_SUBR_COPYIN, I(0), I(8));
	want_fault(c, 2, DTRACEFLT_BADADDR);
	if (fs >= 0 && root >= 0) {
		c = case_new("d_path of the root in a tick");
		load_fs_path(c, fs, root);
		CALL(c, 2, DTRACE_DIF_SUBR_D_PATH, R(3));
		want_str(c, 2, "/");
	}
	run_cases_on("tick", "profile", "tick-10ms", 256, 0);
}

int main(void)
{
	int fd;

	tap_plan();
	fd = dt_open();
	close(fd);
	test_strings();
	test_strtok();
	test_paths();
	test_numbers();
	test_rand();
	test_inet();
	test_strsize();
	test_user();
	test_copyout();
	test_destructive_refused();
	test_kernel();
	test_interrupt(btf_offset("task_struct", "fs"),
		       btf_offset("fs_struct", "root"));
	return tap_finish();
}
