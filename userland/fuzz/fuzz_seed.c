// SPDX-License-Identifier: GPL-2.0
/*
 * The seed corpus of fuzz_dif: compiles D with libdtrace (no device:
 * DTRACE_O_NODEV, every probe description allowed) and writes each
 * program of each clause, predicate and actions, in fuzz_dif's input
 * format (dif_input.h) into OUTDIR, one file per program, named by a
 * hash of its bytes (duplicates collapse).  The D is a few snippets of
 * its own and the files named on the command line (scripts/fuzz.sh
 * passes every .d under selftests/ and scripts/); a file that does not
 * compile is skipped.  Every program is also given to the kernel's
 * verifier: the compiler must never produce one it refuses, so a
 * refusal is reported and makes the exit status 1.
 *
 * Usage: fuzz_seed OUTDIR [FILE.d...]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <engine/dif.h>
#include "dif_input.h"
#include "dt_impl.h"

/* Clauses like the ones people write, for the parts selftests miss. */
static const char *const snippets[] = {
	"syscall::read:entry { @[execname] = count(); }",
	"syscall::read:entry /execname == \"sshd\" && arg2 > 16/ { @q = quantize(arg2); }",
	"syscall::open:entry /pid != 0/ { self->p = copyinstr(arg0); }",
	"syscall::open:return /self->p != NULL/ { printf(\"%s %d\\n\", self->p, arg1); self->p = 0; }",
	"BEGIN { a[\"k\", 1] = 2; this->t = strjoin(\"a\", \"b\"); trace(a[\"k\", 1] + strlen(this->t)); }",
	"BEGIN { trace(substr(\"hello\", -2, 9223372036854775807)); trace(index(\"aaa\", \"a\", -1)); }",
	"BEGIN { trace(strtok(\"a,b\", \",\")); trace(strtok(0, \",\")); trace(lltostr(-1, 16)); }",
	"BEGIN { x = 0x7fffffffffffffff; y = x + 1; z = y / -1; trace(z % 3); trace(x << 63 >> 1); }",
	"BEGIN { trace(strtoll(\"-9223372036854775808\", 10)); trace(toupper(\"abc\")); trace(basename(\"/a/b/\")); }",
	"BEGIN { @l = lquantize(1, 0, 100, 10); @ll = llquantize(5, 10, 0, 6, 20); @s = sum(-1); @m = max(1); @a = avg(2); @d = stddev(3); }",
	"tick-1s { trace(cleanpath(\"/a/../b/./c//\")); trace(dirname(\"a\")); trace(rindex(\"abcabc\", \"c\")); }",
	"BEGIN { trace(strstr(\"hello\", \"ll\")); trace(strchr(\"hello\", 'l')); trace(strrchr(\"hello\", 'l')); }",
	"BEGIN { trace(htons(0x1234)); trace(ntohl(0x12345678)); trace(htonll(1)); trace(rand() & 0); }",
	"BEGIN { trace(*(char *)arg0); trace(((int *)arg0)[1]); trace(stringof(arg0)); trace(copyin(arg1, 4) != NULL); }",
	"BEGIN { self->x++; self->x += 3; self->x = self->x ? self->x * 2 : -1; trace(self->x); }",
	"BEGIN { this->s = \"abc\"; trace(this->s == \"abc\" ? 1 : 0); trace(this->s < \"abd\"); }",
};

/* FNV-1a, for file names that collapse duplicates. */
static uint64_t hash(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n--)
		h = (h ^ *p++) * 0x100000001b3ULL;
	return h;
}

/* memcmp() that takes a NULL table of length 0. */
static bool eq(const void *a, uint64_t b, size_t n)
{
	return !n || !memcmp(a, (const void *)(uintptr_t)b, n);
}

/* Whether @buf decodes into the program @d is. */
static bool same(const struct dtrace_difo *d, const uint8_t *buf, size_t n)
{
	static struct dif_in in;
	const struct dtrace_difo *e = &in.d;

	dif_in_decode(&in, buf, n);
	return e->ninsns == d->ninsns && e->nints == d->nints &&
	       e->strtab_len == d->strtab_len && e->nvars == d->nvars &&
	       e->rtype == d->rtype && e->rsize == d->rsize &&
	       eq(in.insns, d->insns, d->ninsns * sizeof(in.insns[0])) &&
	       eq(in.ints, d->inttab, d->nints * sizeof(in.ints[0])) &&
	       eq(in.str, d->strtab, d->strtab_len) &&
	       eq(in.vars, d->vartab, d->nvars * sizeof(in.vars[0]));
}

static const char *outdir;
static unsigned int written, skipped, refused, compiled, failed;

static void put_prog(const struct dt_difo *dp, const char *what)
{
	static uint8_t buf[DIF_IN_ENCODED_MAX];
	struct dtrace_dif_prog prog = {
		.insns = dp->insns, .inttab = dp->ints, .strtab = dp->strtab,
		.vartab = dp->vartab, .ninsns = dp->k.ninsns,
		.nints = dp->k.nints, .strtab_len = dp->k.strtab_len,
		.nvars = dp->k.nvars, .rtype = dp->k.rtype,
		.rsize = dp->k.rsize,
	};
	struct dtrace_dif_err err;
	char path[4096];
	size_t n;
	FILE *fp;

	if (!dtrace_dif_header_verify(&dp->k, &err) ||
	    !dtrace_dif_verify(&prog, &err)) {
		fprintf(stderr, "fuzz_seed: %s: the verifier refuses the compiler's program: rule %u (%s) at instruction %u\n",
			what, err.rule, dtrace_dif_rule_text(err.rule),
			err.insn);
		refused++;
	}
	n = dif_in_encode(buf, &dp->k);
	if (!n) {
		skipped++;
		return;
	}
	if (!same(&dp->k, buf, n)) {
		fprintf(stderr, "fuzz_seed: %s: a program does not decode as it was encoded\n",
			what);
		exit(2);
	}
	snprintf(path, sizeof(path), "%s/d-%016llx", outdir,
		 (unsigned long long)hash(buf, n));
	fp = fopen(path, "w");
	if (!fp || fwrite(buf, 1, n, fp) != n) {
		fprintf(stderr, "fuzz_seed: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	fclose(fp);
	written++;
}

static void put_program(dtrace_prog_t *pgp, const char *what)
{
	unsigned int i, j;

	for (i = 0; i < pgp->nclauses; i++) {
		const struct dt_clause *cl = pgp->clauses[i];

		if (cl->pred)
			put_prog(cl->pred, what);
		for (j = 0; j < cl->nacts; j++)
			if (cl->progs[j])
				put_prog(cl->progs[j], what);
	}
}

/* Compile @text (or the file @path); put its programs.  */
static void compile(const char *text, const char *path)
{
	dtrace_prog_t *pgp = NULL;
	dtrace_hdl_t *dtp;
	FILE *fp;
	int err;

	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (!dtp) {
		fprintf(stderr, "fuzz_seed: dtrace_open: error %d\n", err);
		exit(2);
	}
	if (text) {
		pgp = dtrace_program_strcompile(dtp, text, DTRACE_PROBESPEC_NAME,
						DTRACE_C_ZDEFS);
	} else if ((fp = fopen(path, "r"))) {
		pgp = dtrace_program_fcompile(dtp, fp, path, DTRACE_C_ZDEFS);
		fclose(fp);
	}
	if (pgp) {
		compiled++;
		put_program(pgp, text ? text : path);
		dt_program_free(pgp);
	} else {
		failed++;
	}
	dtrace_close(dtp);
}

int main(int argc, char **argv)
{
	unsigned int i;
	int f;

	if (argc < 2) {
		fprintf(stderr, "usage: fuzz_seed OUTDIR [FILE.d...]\n");
		return 2;
	}
	outdir = argv[1];
	for (i = 0; i < sizeof(snippets) / sizeof(snippets[0]); i++)
		compile(snippets[i], NULL);
	for (f = 2; f < argc; f++)
		compile(NULL, argv[f]);
	printf("fuzz_seed: %u sources compiled (%u did not), %u programs written, %u too large for the format, %u refused by the verifier\n",
	       compiled, failed, written, skipped, refused);
	return refused ? 1 : 0;
}
