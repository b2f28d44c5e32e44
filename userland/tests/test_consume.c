// SPDX-License-Identifier: GPL-2.0
/*
 * Record output: hand-built snapshots run through dt_consume_buffer()
 * with a device-less handle whose EPID cache is filled in by hand,
 * checking the exact text of trace(), printf(), the CPU/ID columns,
 * quiet mode, exit() status and ERROR records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "tap.h"

struct rbuf {
	char data[4096];
	size_t len;
};

static void *rec_add(struct rbuf *b, uint32_t epid, uint32_t datasize)
{
	struct dtrace_rechdr hdr = { .epid = epid,
				     .size = sizeof(hdr) + datasize };
	void *data;

	memcpy(b->data + b->len, &hdr, sizeof(hdr));
	data = b->data + b->len + sizeof(hdr);
	memset(data, 0, datasize);
	b->len += DT_ALIGN(sizeof(hdr) + datasize, 8);
	return data;
}

static void epid_set(dtrace_hdl_t *dtp, uint32_t epid, uint32_t probe,
		     uint64_t cookie, const char *prov, const char *func,
		     const char *name)
{
	struct dt_epid *e;

	if (epid >= dtp->nepids) {
		dtp->epids = realloc(dtp->epids, (epid + 1) * sizeof(*e));
		memset(dtp->epids + dtp->nepids, 0,
		       (epid + 1 - dtp->nepids) * sizeof(*e));
		dtp->nepids = epid + 1;
	}
	e = &dtp->epids[epid];
	memset(e, 0, sizeof(*e));
	e->valid = true;
	e->probe = probe;
	e->cookie = cookie;
	strcpy(e->desc.provider, prov);
	strcpy(e->desc.func, func);
	strcpy(e->desc.name, name);
}

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

static const char *consume(dtrace_hdl_t *dtp, int cpu, struct rbuf *b)
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

void test_consume(void)
{
	dtrace_hdl_t *dtp = t_open();
	struct dt_clause *c0, *c1, *c2, *c3, *c4;
	struct rbuf b = { .len = 0 };
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
	epid_set(dtp, 1, 1, c0->id, "dtrace", "", "BEGIN");
	epid_set(dtp, 2, 1, c1->id, "dtrace", "", "BEGIN");
	epid_set(dtp, 3, 1, c2->id, "dtrace", "", "BEGIN");
	epid_set(dtp, 4, 2, c3->id, "dtrace", "", "END");
	epid_set(dtp, 5, 1, c4->id, "dtrace", "", "BEGIN");

	d = rec_add(&b, 1, c0->datasize);
	strcpy(d, "hello");
	tap_is_str(consume(dtp, 0, &b),
		   "CPU     ID                    FUNCTION:NAME\n"
		   "  0      1                           :BEGIN   hello                            \n",
		   "consume: header and trace(string)");

	d = rec_add(&b, 2, c1->datasize);
	i32 = 1;
	memcpy(d + c1->recs[0].offset, &i32, 4);
	i64 = -2;
	memcpy(d + c1->recs[1].offset, &i64, 8);
	tap_is_str(consume(dtp, 3, &b),
		   "  3      1                           :BEGIN         1               -2\n",
		   "consume: trace of 4- and 8-byte integers, header once");

	d = rec_add(&b, 3, c2->datasize);
	strcpy(d + c2->recs[0].offset, "dtrace");
	i32 = 77;
	memcpy(d + c2->recs[1].offset, &i32, 4);
	i32 = 255;
	memcpy(d + c2->recs[2].offset, &i32, 4);
	d = rec_add(&b, 5, 0);
	tap_is_str(consume(dtp, 1, &b),
		   "  1      1                           :BEGIN dtrace=77|   ff|\n\n"
		   "  1      1                           :BEGIN \n",
		   "consume: printf, and a clause with no actions");

	dtp->opt.quiet = true;
	d = rec_add(&b, 1, c0->datasize);
	strcpy(d, "hello");
	d = rec_add(&b, 2, c1->datasize);
	i32 = 1;
	memcpy(d + c1->recs[0].offset, &i32, 4);
	i64 = -2;
	memcpy(d + c1->recs[1].offset, &i64, 8);
	d = rec_add(&b, 3, c2->datasize);
	strcpy(d + c2->recs[0].offset, "x");
	memcpy(d + c2->recs[1].offset, &i32, 4);
	memcpy(d + c2->recs[2].offset, &i32, 4);
	tap_is_str(consume(dtp, 0, &b), "hello1-2x=1|    1|\n",
		   "consume: quiet output");

	tap_is_int(dtrace_exit_status(dtp, &status), 0, "consume: no exit yet");
	d = rec_add(&b, 4, c3->datasize);
	i32 = 3;
	memcpy(d, &i32, 4);
	d = rec_add(&b, 4, c3->datasize);
	i32 = 9;
	memcpy(d, &i32, 4);
	tap_is_str(consume(dtp, 0, &b), "", "consume: exit() prints nothing");
	tap_is_int(dtrace_exit_status(dtp, &status), 1, "consume: exit seen");
	tap_is_int(status, 3, "consume: first exit() value wins");

	/* An ERROR record: the internal clause records arg1..arg5. */
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
		epid_set(dtp, 6, 3, ec->id, "dtrace", "", "ERROR");
		dtrace_handle_err(dtp, on_err, NULL);

		d = rec_add(&b, 6, 40);
		memcpy(d, args, sizeof(args));
		tap_is_str(consume(dtp, 0, &b), "",
			   "consume: an error record prints no output");
		tap_is_str(errtext,
			   "error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): divide-by-zero in action #1 at DIF offset 4",
			   "consume: error message");
		args[1] = 0;
		args[3] = DTRACEFLT_BADADDR;
		args[4] = 0;
		d = rec_add(&b, 6, 40);
		memcpy(d, args, sizeof(args));
		consume(dtp, 0, &b);
		tap_is_str(errtext,
			   "error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x0) in predicate at DIF offset 4",
			   "consume: error in a predicate");
	}

	d = rec_add(&b, 1, c0->datasize);
	b.len -= 8;	/* cut the last record short */
	tap_is_str(consume(dtp, 0, &b),
		   "error: Corrupt record in trace buffer",
		   "consume: truncated record is EDT_CORRUPT");
	dtrace_close(dtp);
}
