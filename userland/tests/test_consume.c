// SPDX-License-Identifier: GPL-2.0
/*
 * Record output: hand-built snapshots run through dt_consume_buffer()
 * with a device-less handle whose EPID cache is filled in by hand,
 * checking the exact text of trace(), printf(), the CPU/ID columns,
 * quiet mode, exit() status and ERROR records; then clauses built by
 * hand for what the compiler may not make yet: stack() (fake kallsyms),
 * ustack() of this very process (symbols through libelf), tracemem(),
 * trace() of by-ref bytes, print() of a struct, system(), silent
 * statements and printf("%k").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dt_printf.h"
#include "dt_type.h"
#include "helpers.h"
#include "tap.h"

/* Compile @prog and give its (single) clause to the handle. */
static struct dt_clause *clause(dtrace_hdl_t *dtp, const char *prog)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(dtp, prog,
					DTRACE_PROBESPEC_NAME, 0);
	struct dt_clause *cl;

	if (!pgp) {
		tap_diag("%s: %s", prog, dtrace_errmsg(dtp, dtrace_errno(dtp)));
		exit(1);
	}
	cl = pgp->clauses[0];
	dt_clause_register(dtp, cl);
	pgp->enabled = true;
	dt_program_free(pgp);
	return cl;
}

static char errtext[512];

static int on_err(const dtrace_errdata_t *e, void *arg)
{
	(void)arg;
	snprintf(errtext, sizeof(errtext), "%s", e->msg);
	return 0;
}

static const char *consume(dtrace_hdl_t *dtp, int cpu, struct t_rbuf *b)
{
	static char out[2048];
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);
	int ret = dt_consume_buffer(dtp, fp, cpu, b->data, b->len);

	fclose(fp);
	if (ret)
		snprintf(out, sizeof(out), "error: %s",
			 dtrace_errmsg(dtp, dtrace_errno(dtp)));
	else
		snprintf(out, sizeof(out), "%s", s);
	free(s);
	b->len = 0;
	return out;
}

/* A clause of one statement of @kind over records of @kinds/@sizes. */
static struct dt_clause *hand_clause(dtrace_hdl_t *dtp,
				     enum dt_stmt_kind kind,
				     const enum dt_rec_kind *kinds,
				     const uint32_t *sizes, unsigned int n,
				     const char *fmt)
{
	struct dt_clause *cl = dt_clause_alloc();
	uint32_t off = 0;
	unsigned int i;
	char err[128];

	cl->recs = calloc(n + 1, sizeof(*cl->recs));
	cl->stmts = calloc(1, sizeof(*cl->stmts));
	for (i = 0; i < n; i++) {
		off = DT_ALIGN(off, 8);
		cl->recs[i].kind = kinds[i];
		cl->recs[i].offset = off;
		cl->recs[i].size = sizes[i];
		cl->recs[i].is_signed = true;
		off += sizes[i];
	}
	cl->nacts = n;
	cl->datasize = off;
	cl->stmts[0].kind = kind;
	cl->stmts[0].nrecs = n;
	if (fmt)
		cl->stmts[0].fmt = dt_printf_parse(fmt, err, sizeof(err));
	cl->nstmts = 1;
	dt_clause_register(dtp, cl);
	return cl;
}

/* As consume(), into a real file (system() writes to its descriptor). */
static const char *consume_file(dtrace_hdl_t *dtp, struct t_rbuf *b)
{
	static char out[2048];
	FILE *fp = tmpfile();
	size_t n;

	if (dt_consume_buffer(dtp, fp, 0, b->data, b->len))
		snprintf(out, sizeof(out), "error: %s",
			 dtrace_errmsg(dtp, dtrace_errno(dtp)));
	else {
		fflush(fp);
		rewind(fp);
		n = fread(out, 1, sizeof(out) - 1, fp);
		out[n] = '\0';
	}
	fclose(fp);
	b->len = 0;
	return out;
}

/*
 * freopen(path) sends what follows to @path, freopen("") back to the
 * first file; ftruncate() empties the file output goes to.
 */
static void test_consume_freopen(dtrace_hdl_t *dtp)
{
	static const enum dt_rec_kind k_none[] = { DT_REC_NONE };
	static const uint32_t s0[] = { 0 };
	char path[] = "/tmp/dtrace-freopen-XXXXXX", fmt[64];
	struct dt_clause *cpr[3], *cfo, *cback, *ctr;
	static const char *const text[3] = { "before\n", "after\n", "back\n" };
	struct t_rbuf b = { .len = 0 };
	unsigned int i;
	int fd = mkstemp(path);

	close(fd);
	snprintf(fmt, sizeof(fmt), "%s", path);
	for (i = 0; i < 3; i++) {
		cpr[i] = hand_clause(dtp, DT_STMT_PRINTF, k_none, s0, 0,
				     text[i]);
		t_epid_set(dtp, 20 + i, 1, cpr[i]->id, "dtrace", "", "BEGIN");
	}
	cfo = hand_clause(dtp, DT_STMT_FREOPEN, k_none, s0, 0, fmt);
	cback = hand_clause(dtp, DT_STMT_FREOPEN, k_none, s0, 0, "");
	ctr = hand_clause(dtp, DT_STMT_FTRUNCATE, k_none, s0, 0, NULL);
	t_epid_set(dtp, 23, 1, cfo->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 24, 1, cback->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 25, 1, ctr->id, "dtrace", "", "BEGIN");
	dtp->opt.quiet = true;
	t_rec_add(&b, 20, 0, 0);	/* before */
	t_rec_add(&b, 23, 0, 0);	/* freopen(path) */
	t_rec_add(&b, 21, 0, 0);	/* after */
	t_rec_add(&b, 21, 0, 0);	/* after */
	t_rec_add(&b, 25, 0, 0);	/* ftruncate() */
	t_rec_add(&b, 21, 0, 0);	/* after */
	t_rec_add(&b, 24, 0, 0);	/* freopen("") */
	t_rec_add(&b, 22, 0, 0);	/* back */
	tap_is_str(consume_file(dtp, &b), "before\nback\n",
		   "consume: freopen() takes the output away, freopen(\"\") brings it back");
	fd = open(path, O_RDONLY);
	memset(fmt, 0, sizeof(fmt));
	if (fd >= 0 && read(fd, fmt, sizeof(fmt) - 1) < 0)
		fmt[0] = '\0';
	if (fd >= 0)
		close(fd);
	tap_is_str(fmt, "after\n",
		   "consume: freopen()'s file, emptied by ftruncate()");
	dtp->opt.quiet = false;
	unlink(path);
}

static void test_consume_records(void)
{
	static const enum dt_rec_kind k_stack[] = { DT_REC_STACK };
	static const enum dt_rec_kind k_ustack[] = { DT_REC_USTACK };
	static const enum dt_rec_kind k_byref[] = { DT_REC_BYREF };
	static const enum dt_rec_kind k_int[] = { DT_REC_INT };
	static const enum dt_rec_kind k_none[] = { DT_REC_NONE };
	static const uint32_t s32[] = { 32 }, s40[] = { 40 }, s20[] = { 20 };
	static const uint32_t s16[] = { 16 }, s4[] = { 4 }, s0[] = { 0 };
	char path[] = "/tmp/dtrace-ksyms-XXXXXX", want[1024];
	struct dt_clause *cs, *cu, *ct, *cb, *cp, *csys, *csil, *ck, *cbad;
	struct t_rbuf b = { .len = 0 };
	uint64_t *u;
	dtrace_hdl_t *dtp;
	struct dt_type *st;
	FILE *fp;
	char *d;
	int fd, err;

	fd = mkstemp(path);
	fp = fdopen(fd, "w");
	fputs("ffffffff81000100 T ksys_read\n"
	      "ffffffff81000200 T do_syscall_64\n"
	      "ffffffffc0001000 t mod_func\t[dtrace_test]\n", fp);
	fclose(fp);
	setenv("DTRACE_KALLSYMS", path, 1);
	dtp = t_open();
	dtp->opt.errtags = false;

	cs = hand_clause(dtp, DT_STMT_STACK, k_stack, s32, 1, NULL);
	cu = hand_clause(dtp, DT_STMT_USTACK, k_ustack, s40, 1, NULL);
	ct = hand_clause(dtp, DT_STMT_TRACEMEM, k_byref, s20, 1, NULL);
	cb = hand_clause(dtp, DT_STMT_TRACE, k_byref, s16, 1, NULL);
	cp = hand_clause(dtp, DT_STMT_PRINT, k_byref, s16, 1, NULL);
	csys = hand_clause(dtp, DT_STMT_SYSTEM, k_int, s4, 1,
			   "echo system %d");
	csil = hand_clause(dtp, DT_STMT_SILENT, k_none, s0, 1, NULL);
	ck = hand_clause(dtp, DT_STMT_PRINTF, k_stack, s32, 1, "<%k>");
	t_epid_set(dtp, 1, 7, cs->id, "fbt", "ksys_read", "entry");
	t_epid_set(dtp, 2, 7, cu->id, "fbt", "ksys_read", "entry");
	t_epid_set(dtp, 3, 1, ct->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 4, 1, cb->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 5, 1, cp->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 6, 1, csys->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 7, 1, csil->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 8, 7, ck->id, "fbt", "ksys_read", "entry");
	dtp->header_done = true;

	u = t_rec_add(&b, 1, 32, 0);
	u[0] = 0xffffffff81000104ULL;
	u[1] = 0xffffffff81000200ULL;
	u[2] = 0xffffffffc0001010ULL;
	tap_is_str(consume(dtp, 1, &b),
		   "  1      7                  ksys_read:entry \n"
		   "              vmlinux`ksys_read+0x4\n"
		   "              vmlinux`do_syscall_64\n"
		   "              dtrace_test`mod_func+0x10\n\n",
		   "consume: stack()");

	u = t_rec_add(&b, 2, 40, 0);
	u[0] = (uint64_t)getpid();
	u[1] = (uint64_t)(uintptr_t)test_consume + 3;
	u[2] = (uint64_t)(uintptr_t)test_consume;
	u[3] = 0x10;
	snprintf(want, sizeof(want),
		 "  0      7                  ksys_read:entry \n"
		 "              unit`test_consume+0x3\n"
		 "              unit`test_consume\n"
		 "              0x10\n\n");
	tap_is_str(consume(dtp, 0, &b), want,
		   "consume: ustack() of a live process through libelf");
	u = t_rec_add(&b, 2, 40, 0);
	u[0] = 999999999;
	u[1] = 0x401000;
	tap_is_str(consume(dtp, 0, &b),
		   "  0      7                  ksys_read:entry \n"
		   "              0x401000\n\n",
		   "consume: ustack() of no such process is hex");

	d = t_rec_add(&b, 3, 20, 0);
	memcpy(d, "hello\0\x01\x7f\x80 world!\0\0\0\xff\xfe", 20);
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN \n"
		   "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		   "         0: 68 65 6c 6c 6f 00 01 7f 80 20 77 6f 72 6c 64 21  hello.... world!\n"
		   "        10: 00 00 00 ff                                      ....\n\n",
		   "consume: tracemem()");

	d = t_rec_add(&b, 4, 16, 0);
	memcpy(d, "text\0\0\0\0\0\0\0\0\0\0\0", 16);
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN   text                             \n",
		   "consume: trace() of by-ref bytes that are a string");
	dtp->opt.rawbytes = true;
	d = t_rec_add(&b, 4, 16, 0);
	memcpy(d, "text\0\0\0\0\0\0\0\0\0\0\0", 16);
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN \n"
		   "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		   "         0: 74 65 78 74 00 00 00 00 00 00 00 00 00 00 00 00  text............\n\n",
		   "consume: -x rawbytes dumps them anyway");
	dtp->opt.rawbytes = false;
	d = t_rec_add(&b, 4, 16, 0);
	memcpy(d, "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10", 16);
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN \n"
		   "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		   "         0: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10  ................\n\n",
		   "consume: trace() of by-ref bytes as a dump");

	st = dt_type_struct_begin(dtp, DT_TK_STRUCT, "pt", &err);
	dt_type_struct_add(dtp, st, "x", &dt_type_int, 0);
	dt_type_struct_add(dtp, st, "y", &dt_type_short, 0);
	dt_type_struct_add(dtp, st, "p", &dt_type_voidptr, 0);
	dt_type_struct_end(dtp, st);
	cp->recs[0].type = st;
	d = t_rec_add(&b, 5, 16, 0);
	memcpy(d, "\x2a\0\0\0\xff\xff\0\0\x00\x10\0\0\0\0\0\0", 16);
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN struct pt {\n"
		   "    int x = 0x2a\n"
		   "    short y = 0xffff\n"
		   "    void * p = 0x1000\n"
		   "}\n",
		   "consume: print() of a struct");

	{
		struct dt_type *ot, *et;
		/* in = { 0x2a, -1, 0x1000 }, arr = { 1, 2 }, GREEN, 1 */
		uint32_t v[8] = { 0x2a, 0xffff, 0x1000, 0, 1, 2, 1, 1 };

		et = dt_type_struct_begin(dtp, DT_TK_ENUM, "color", &err);
		dt_type_enum_add(dtp, et, "RED", 0);
		dt_type_enum_add(dtp, et, "GREEN", 1);
		dt_type_struct_end(dtp, et);
		ot = dt_type_struct_begin(dtp, DT_TK_STRUCT, "outer", &err);
		dt_type_struct_add(dtp, ot, "in", st, 0);
		dt_type_struct_add(dtp, ot, "arr",
				   dt_type_array(dtp, &dt_type_int, 2), 0);
		dt_type_struct_add(dtp, ot, "c", et, 0);
		dt_type_struct_add(dtp, ot, "flag", &dt_type_uint, 1);
		dt_type_struct_end(dtp, ot);
		cp->recs[0].type = ot;
		cp->recs[0].size = 32;
		cp->datasize = 32;
		d = t_rec_add(&b, 5, 32, 0);
		memcpy(d, v, sizeof(v));
	}
	tap_is_str(consume(dtp, 0, &b),
		   "  0      1                           :BEGIN struct outer {\n"
		   "    struct pt in = {\n"
		   "        int x = 0x2a\n"
		   "        short y = 0xffff\n"
		   "        void * p = 0x1000\n"
		   "    }\n"
		   "    int [2] arr = [ 0x1, 0x2 ]\n"
		   "    enum color c = GREEN\n"
		   "    unsigned int flag = 0x1\n"
		   "}\n",
		   "consume: print() of nested struct, array, enum, bitfield");

	{
		/* print() of a pointer: the address, then the object */
		static const enum dt_rec_kind k_pp[] = { DT_REC_INT,
							 DT_REC_BYREF };
		static const uint32_t s_pp[] = { 8, 16 };
		struct dt_clause *cpp = hand_clause(dtp, DT_STMT_PRINT, k_pp,
						    s_pp, 2, NULL);
		uint64_t addr = 0xffff888000001000ULL;
		const char *pad = "                                            ";

		cpp->recs[1].type = st;
		t_epid_set(dtp, 9, 1, cpp->id, "dtrace", "", "BEGIN");
		d = t_rec_add(&b, 9, 24, 0);
		memcpy(d, &addr, 8);
		memcpy(d + 8, "\x2a\0\0\0\xff\xff\0\0\0\0\0\0\0\0\0\0", 16);
		snprintf(want, sizeof(want),
			 "0xffff888000001000 = *\n"
			 "%s(struct pt) {\n"
			 "%s .x = (int)42,\n"
			 "%s .y = (short)-1,\n"
			 "%s}\n", pad, pad, pad, pad);
		dtp->opt.quiet = true;
		tap_is_str(consume(dtp, 0, &b), want,
			   "consume: print() of a pointer to a struct, DTrace's layout, zero members left out");
		dtp->opt.quiet = false;
	}

	d = t_rec_add(&b, 6, 4, 0);
	memcpy(d, "\x05\0\0\0", 4);
	d = t_rec_add(&b, 7, 0, 0);
	dtp->opt.quiet = true;
	tap_is_str(consume_file(dtp, &b), "system 5\n",
		   "consume: system() runs the command, silent prints nothing");
	dtp->opt.quiet = false;

	u = t_rec_add(&b, 8, 32, 0);
	u[0] = 0xffffffff81000100ULL;
	tap_is_str(consume(dtp, 0, &b),
		   "  0      7                  ksys_read:entry <\n"
		   "              vmlinux`ksys_read\n>\n",
		   "consume: printf(\"%%k\")");

	test_consume_freopen(dtp);

	/* a statement of no kind the consumer knows: an internal error */
	cbad = hand_clause(dtp, (enum dt_stmt_kind)99, k_none, s0, 1, NULL);
	t_epid_set(dtp, 9, 1, cbad->id, "dtrace", "", "BEGIN");
	t_rec_add(&b, 9, 0, 0);
	tap_is_str(consume(dtp, 0, &b),
		   "error: Internal error in dtrace (a bug of its own: please report it)",
		   "consume: an unknown statement is an internal error");

	dtrace_close(dtp);
	unsetenv("DTRACE_KALLSYMS");
	unlink(path);
}

/* The index of the first instruction @op (with @imm, unless -1) of @dp. */
static uint64_t t_insn_find(const struct dt_difo *dp, uint8_t op, int32_t imm)
{
	uint32_t i;

	for (i = 0; i < dp->k.ninsns; i++)
		if (dp->insns[i].op == op && (imm == -1 || dp->insns[i].imm == imm))
			return i;
	tap_diag("no instruction %u (%d)", op, imm);
	return 0;
}

/*
 * Consume the ERROR record @args (arg0, arg2..arg5) of EPID 6 and check
 * the message against @fmt with the pc @pc.
 */
static void t_fault(dtrace_hdl_t *dtp, struct t_rbuf *b,
		    const uint64_t *args, const char *fmt, unsigned int pc,
		    const char *name)
{
	char want[256];
	char *d = t_rec_add(b, 6, 40, 0);

	memcpy(d, args, 5 * sizeof(*args));
	consume(dtp, 0, b);
	snprintf(want, sizeof(want), fmt, pc);
	tap_is_str(errtext, want, "consume: %s", name);
}

/*
 * Faults of later actions count the instructions of the ones before
 * them; a clause counts once for each of its probe descriptions; a
 * fault of d_path() is reported in the older layout that names the
 * enabled probe and the action.
 */
static void test_consume_fault_pc(dtrace_hdl_t *dtp, struct t_rbuf *b,
				  const struct dt_clause *c1, uint64_t *args)
{
	struct dt_clause *cst;

	args[1] = 2;
	args[2] = 1;
	t_fault(dtp, b, args,
		"error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc %u",
		c1->progs[0]->k.ninsns + 2, "the pc counts earlier actions");

	cst = clause(dtp, "BEGIN, END { *(int *)16 = 1; }");
	cst->index = 2;
	t_epid_set(dtp, 7, 2, cst->id, "dtrace", "", "END");
	args[0] = 7;
	args[1] = 1;
	args[2] = t_insn_find(cst->progs[0], DTRACE_DIF_OP_STW, -1);
	args[4] = 16;
	t_fault(dtp, b, args,
		"error in dt_clause_3 for probe ID 2 (dtrace:::END): invalid address (0x10) at BPF pc %u",
		(unsigned int)args[2] + 1,
		"a store's fault; one clause per description");

	cst = clause(dtp, "BEGIN { trace(d_path((struct path *)24)); }");
	t_epid_set(dtp, 8, 1, cst->id, "dtrace", "", "BEGIN");
	args[0] = 8;
	args[2] = t_insn_find(cst->progs[0], DTRACE_DIF_OP_CALL,
			      DTRACE_DIF_SUBR_D_PATH);
	args[4] = 24;
	t_fault(dtp, b, args,
		"error on enabled probe ID 8 (ID 1: dtrace:::BEGIN): invalid address (0x18) in action #1 at BPF pc %u",
		(unsigned int)args[2] + 1, "d_path()'s fault names the action");
}

void test_consume(void)
{
	dtrace_hdl_t *dtp = t_open();
	struct dt_clause *c0, *c1, *c2, *c3, *c4;
	struct t_rbuf b = { .len = 0 };
	char *d;
	int32_t i32;
	int64_t i64;
	int status;

	dtp->opt.errtags = false;
	c0 = clause(dtp, "BEGIN { trace(\"hello\") }");
	c1 = clause(dtp, "BEGIN { trace(1); trace(-2L) }");
	c2 = clause(dtp, "BEGIN { printf(\"%s=%d|%5x|\\n\", execname, pid, 255) }");
	c3 = clause(dtp, "END { exit(3) }");
	c4 = clause(dtp, "BEGIN");
	t_epid_set(dtp, 1, 1, c0->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 2, 1, c1->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 3, 1, c2->id, "dtrace", "", "BEGIN");
	t_epid_set(dtp, 4, 2, c3->id, "dtrace", "", "END");
	t_epid_set(dtp, 5, 1, c4->id, "dtrace", "", "BEGIN");

	d = t_rec_add(&b, 1, c0->datasize, 0);
	strcpy(d, "hello");
	tap_is_str(consume(dtp, 0, &b),
		   "CPU     ID                    FUNCTION:NAME\n"
		   "  0      1                           :BEGIN   hello                            \n",
		   "consume: header and trace(string)");

	d = t_rec_add(&b, 2, c1->datasize, 0);
	i32 = 1;
	memcpy(d + c1->recs[0].offset, &i32, 4);
	i64 = -2;
	memcpy(d + c1->recs[1].offset, &i64, 8);
	tap_is_str(consume(dtp, 3, &b),
		   "  3      1                           :BEGIN           1                  -2\n",
		   "consume: trace of 4- and 8-byte integers, header once");

	d = t_rec_add(&b, 3, c2->datasize, 0);
	strcpy(d + c2->recs[0].offset, "dtrace");
	i32 = 77;
	memcpy(d + c2->recs[1].offset, &i32, 4);
	i32 = 255;
	memcpy(d + c2->recs[2].offset, &i32, 4);
	d = t_rec_add(&b, 5, 0, 0);
	tap_is_str(consume(dtp, 1, &b),
		   "  1      1                           :BEGIN dtrace=77|   ff|\n\n"
		   "  1      1                           :BEGIN \n",
		   "consume: printf, and a clause with no actions");

	dtp->opt.quiet = true;
	d = t_rec_add(&b, 1, c0->datasize, 0);
	strcpy(d, "hello");
	d = t_rec_add(&b, 2, c1->datasize, 0);
	i32 = 1;
	memcpy(d + c1->recs[0].offset, &i32, 4);
	i64 = -2;
	memcpy(d + c1->recs[1].offset, &i64, 8);
	d = t_rec_add(&b, 3, c2->datasize, 0);
	strcpy(d + c2->recs[0].offset, "x");
	memcpy(d + c2->recs[1].offset, &i32, 4);
	memcpy(d + c2->recs[2].offset, &i32, 4);
	tap_is_str(consume(dtp, 0, &b), "hello1-2x=1|    1|\n",
		   "consume: quiet output");
	{
		/* small integers print as signed as their type */
		struct dt_clause *cs = clause(dtp, "BEGIN { trace((short)-1); trace((signed char)-2); trace((unsigned char)200) }");
		int16_t i16 = -1;

		t_epid_set(dtp, 7, 1, cs->id, "dtrace", "", "BEGIN");
		d = t_rec_add(&b, 7, cs->datasize, 0);
		memcpy(d + cs->recs[0].offset, &i16, 2);
		d[cs->recs[1].offset] = (char)-2;
		d[cs->recs[2].offset] = (char)200;
		tap_is_str(consume(dtp, 0, &b), "-1-2200",
			   "consume: trace() of a 16-bit -1 prints -1");
	}

	tap_is_int(dtrace_exit_status(dtp, &status), 0, "consume: no exit yet");
	d = t_rec_add(&b, 4, c3->datasize, 0);
	i32 = 3;
	memcpy(d, &i32, 4);
	d = t_rec_add(&b, 4, c3->datasize, 0);
	i32 = 9;
	memcpy(d, &i32, 4);
	tap_is_str(consume(dtp, 0, &b), "", "consume: exit() prints nothing");
	tap_is_int(dtrace_exit_status(dtp, &status), 1, "consume: exit seen");
	/*
	 * The kernel lets one exit() record through, and then END's:
	 * the last one seen sets the status, as in DTrace.
	 */
	tap_is_int(status, 9, "consume: END's exit() after another's wins");

	/* An ERROR record: the internal clause records arg0 and arg2..arg5. */
	{
		struct dt_clause *ec = dt_clause_alloc();
		uint64_t args[5] = { 2, 1, 4, DTRACEFLT_DIVZERO, 0 };

		ec->is_error = true;
		ec->nacts = 5;
		ec->recs = calloc(5, sizeof(*ec->recs));
		for (int i = 0; i < 5; i++) {
			ec->recs[i].offset = 8 * i;
			ec->recs[i].size = 8;
		}
		ec->datasize = 40;
		dt_clause_register(dtp, ec);
		t_epid_set(dtp, 6, 3, ec->id, "dtrace", "", "ERROR");
		dtrace_handle_err(dtp, on_err, NULL);

		d = t_rec_add(&b, 6, 40, 0);
		memcpy(d, args, sizeof(args));
		tap_is_str(consume(dtp, 0, &b), "",
			   "consume: an error record prints no output");
		tap_is_str(errtext,
			   "error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 5",
			   "consume: error message in Linux DTrace's layout");
		args[1] = 0;
		args[3] = DTRACEFLT_BADADDR;
		args[4] = 0;
		d = t_rec_add(&b, 6, 40, 0);
		memcpy(d, args, sizeof(args));
		consume(dtp, 0, &b);
		tap_is_str(errtext,
			   "error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 5",
			   "consume: error in a predicate");
		test_consume_fault_pc(dtp, &b, c1, args);
	}

	d = t_rec_add(&b, 1, c0->datasize, 0);
	b.len -= 8;	/* cut the last record short */
	tap_is_str(consume(dtp, 0, &b),
		   "error: Corrupt record in trace buffer",
		   "consume: truncated record is EDT_CORRUPT");
	dtrace_close(dtp);
	test_consume_records();
}
