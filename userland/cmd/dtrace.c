// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace(1): the command line front end.  It parses options, then calls
 * libdtrace (libdtrace/dtrace.h) to compile, list, enable and consume,
 * and turns libdtrace's errors into DTrace's messages and exit
 * statuses: 0 (or exit()'s value) on success, 1 on failure, 2 on a
 * usage error.  docs/userland.md describes the library behind it.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dtrace.h"

#define DT_VERSION_STRING	"Linux D 1.0"

enum src_kind { SRC_STRING, SRC_FILE };

/* One -n/-P/-m/-f/-s argument: each is compiled as its own program. */
struct source {
	enum src_kind kind;
	dtrace_probespec_t spec;
	const char *arg;
	dtrace_prog_t *prog;
};

static volatile sig_atomic_t g_intr;
static dtrace_hdl_t *g_dtp;
static struct source *g_srcs;
static int g_nsrcs;

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: dtrace [-eqlSVZ] [-o output] [-s script] [-x opt[=val]]\n"
		"\t[-P provider [[ predicate ] action ]]\n"
		"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		"\n"
		"\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n"
		"\n"
		"\t-e  exit after compiling, before enabling probes\n"
		"\t-f  enable or list probes matching the function name\n"
		"\t-l  list probes matching the descriptions (all if none)\n"
		"\t-m  enable or list probes matching the module name\n"
		"\t-n  enable or list probes matching the probe name\n"
		"\t-o  append output to the file\n"
		"\t-P  enable or list probes matching the provider name\n"
		"\t-q  quiet: print only what the program prints\n"
		"\t-s  compile and run the D script file\n"
		"\t-S  print the DIF of each compiled clause\n"
		"\t-V  print the D version and exit\n"
		"\t-x  set a runtime option (quiet, bufsize, strsize, switchrate, ...)\n"
		"\t-Z  allow descriptions that match no probe\n");
}

static void __attribute__((format(printf, 1, 2))) dmsg(const char *fmt,
							 ...)
{
	va_list ap;

	fputs("dtrace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *errmsg(void)
{
	return dtrace_errmsg(g_dtp, dtrace_errno(g_dtp));
}

static void add_source(enum src_kind kind, dtrace_probespec_t spec,
		       const char *arg)
{
	struct source *s = realloc(g_srcs, (g_nsrcs + 1) * sizeof(*s));

	if (!s) {
		dmsg("out of memory");
		exit(1);
	}
	g_srcs = s;
	s[g_nsrcs].kind = kind;
	s[g_nsrcs].spec = spec;
	s[g_nsrcs].arg = arg;
	s[g_nsrcs].prog = NULL;
	g_nsrcs++;
}

static int set_xopt(const char *arg)
{
	char *name = strdup(arg), *val;
	int ret;

	if (!name) {
		dmsg("out of memory");
		return -1;
	}
	val = strchr(name, '=');
	if (val)
		*val++ = '\0';
	ret = dtrace_setopt(g_dtp, name, val);
	if (ret)
		dmsg("failed to set -x %s: %s", arg, errmsg());
	free(name);
	return ret;
}

static void on_signal(int sig)
{
	(void)sig;
	g_intr = 1;
}

static int on_error(const dtrace_errdata_t *e, void *arg)
{
	(void)arg;
	dmsg("%s", e->msg);
	return 0;
}

static int on_drop(const dtrace_dropdata_t *d, void *arg)
{
	(void)arg;
	dmsg("%s", d->msg);
	return 0;
}

/* Compile one source; print the error the DTrace way on failure. */
static int compile_source(struct source *s, unsigned int cflags)
{
	FILE *fp;

	if (s->kind == SRC_STRING) {
		s->prog = dtrace_program_strcompile(g_dtp, s->arg, s->spec,
						    cflags);
		if (!s->prog) {
			dmsg("invalid probe specifier %s: %s", s->arg,
			      errmsg());
			return -1;
		}
		return 0;
	}
	fp = fopen(s->arg, "r");
	if (!fp) {
		dmsg("failed to open %s: %s", s->arg, strerror(errno));
		return -1;
	}
	s->prog = dtrace_program_fcompile(g_dtp, fp, s->arg, cflags);
	fclose(fp);
	if (!s->prog) {
		dmsg("failed to compile script %s: %s", s->arg, errmsg());
		return -1;
	}
	return 0;
}

static int list_probe(dtrace_hdl_t *dtp, uint32_t id,
		      const dtrace_probedesc_t *pd, void *arg)
{
	(void)dtp;
	fprintf(arg, "%5u %10s %17s %33s %s\n", id, pd->provider, pd->mod,
		pd->func, pd->name);
	return 0;
}

static int list_desc(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd,
		     void *arg)
{
	char buf[512];

	if (dtrace_probe_iter(dtp, pd, list_probe, arg) >= 0)
		return 0;
	dtrace_desc2str(pd, buf, sizeof(buf));
	fflush(arg);
	dmsg("failed to match %s: %s", buf, errmsg());
	return -1;
}

static int do_list(FILE *out)
{
	int i;

	fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
		"FUNCTION", "NAME");
	if (g_nsrcs == 0) {
		if (dtrace_probe_iter(g_dtp, NULL, list_probe, out) < 0 &&
		    dtrace_errno(g_dtp) != EDT_NOPROBE) {
			dmsg("failed to list probes: %s", errmsg());
			return 1;
		}
		return 0;
	}
	for (i = 0; i < g_nsrcs; i++) {
		if (compile_source(&g_srcs[i], DTRACE_C_ZDEFS))
			return 1;
		if (dtrace_program_desc_iter(g_dtp, g_srcs[i].prog, list_desc,
					     out))
			return 1;
	}
	return 0;
}

static int count_desc(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd,
		      void *arg)
{
	(void)dtp;
	(void)pd;
	(*(unsigned int *)arg)++;
	return 0;
}

/* Print "description 'X' matched N probes" for one source. */
static void report_matched(const struct source *s, unsigned int n)
{
	const char *plural = n == 1 ? "" : "s";

	if (s->kind == SRC_FILE)
		dmsg("script '%s' matched %u probe%s", s->arg, n, plural);
	else
		dmsg("description '%.*s' matched %u probe%s",
		      (int)strcspn(s->arg, "{/"), s->arg, n, plural);
}

static int run(FILE *out)
{
	struct sigaction sa;
	int64_t quiet = 0;
	int i, status;
	bool stopped = false;

	dtrace_getopt(g_dtp, "quiet", &quiet);
	for (i = 0; i < g_nsrcs; i++) {
		dtrace_proginfo_t info;

		if (dtrace_program_exec(g_dtp, g_srcs[i].prog, &info)) {
			dmsg("could not enable tracing: %s", errmsg());
			return 1;
		}
		if (!quiet)
			report_matched(&g_srcs[i], info.matched);
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;	/* a second signal ends us at once */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	dtrace_handle_err(g_dtp, on_error, NULL);
	dtrace_handle_drop(g_dtp, on_drop, NULL);
	if (dtrace_go(g_dtp)) {
		dmsg("could not enable tracing: %s", errmsg());
		return 1;
	}

	for (;;) {
		dtrace_workstatus_t ws;

		if (!g_intr)
			dtrace_sleep(g_dtp);
		if (g_intr && !stopped) {
			stopped = true;
			if (dtrace_stop(g_dtp)) {
				dmsg("could not stop tracing: %s", errmsg());
				return 1;
			}
		}
		ws = dtrace_work(g_dtp, out);
		if (ws == DTRACE_WORKSTATUS_DONE)
			break;
		if (ws == DTRACE_WORKSTATUS_ERROR) {
			dmsg("processing aborted: %s", errmsg());
			return 1;
		}
	}
	if (!quiet)
		fputc('\n', out);
	if (fflush(out)) {
		dmsg("failed to write output: %s", strerror(errno));
		return 1;
	}
	dtrace_exit_status(g_dtp, &status);
	return status;
}

int main(int argc, char **argv)
{
	bool lflag = false, eflag = false, Sflag = false;
	bool qflag = false, Zflag = false;
	const char *outfile = NULL;
	const char **xopts = NULL;
	int nxopts = 0, c, i, err, ret;
	FILE *out = stdout;
	unsigned int ndescs = 0;

	opterr = 0;
	while ((c = getopt(argc, argv, "+:ef:hlm:n:o:P:qs:SVx:Z")) != -1) {
		switch (c) {
		case 'e':
			eflag = true;
			break;
		case 'f':
			add_source(SRC_STRING, DTRACE_PROBESPEC_FUNC, optarg);
			break;
		case 'l':
			lflag = true;
			break;
		case 'm':
			add_source(SRC_STRING, DTRACE_PROBESPEC_MOD, optarg);
			break;
		case 'n':
			add_source(SRC_STRING, DTRACE_PROBESPEC_NAME, optarg);
			break;
		case 'o':
			outfile = optarg;
			break;
		case 'P':
			add_source(SRC_STRING, DTRACE_PROBESPEC_PROVIDER,
				   optarg);
			break;
		case 'q':
			qflag = true;
			break;
		case 's':
			add_source(SRC_FILE, DTRACE_PROBESPEC_NAME, optarg);
			break;
		case 'S':
			Sflag = true;
			break;
		case 'V':
			printf("dtrace: %s (DIF ABI %d)\n", DT_VERSION_STRING,
			       DTRACE_ABI_VERSION);
			return 0;
		case 'x':
			xopts = realloc(xopts, (nxopts + 1) * sizeof(*xopts));
			if (!xopts) {
				dmsg("out of memory");
				return 1;
			}
			xopts[nxopts++] = optarg;
			break;
		case 'Z':
			Zflag = true;
			break;
		case 'h':
			usage(stderr);
			return 2;
		case ':':
			dmsg("option requires an argument -- %c", optopt);
			usage(stderr);
			return 2;
		default:
			if (optopt != '?')
				dmsg("illegal option -- %c", optopt);
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		dmsg("unexpected argument '%s' (macro arguments are not supported yet)",
		      argv[optind]);
		usage(stderr);
		return 2;
	}
	if (g_nsrcs == 0 && !lflag) {
		usage(stderr);
		return 2;
	}

	g_dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	if (!g_dtp) {
		dmsg("failed to initialize dtrace: %s",
		      dtrace_errmsg(NULL, err));
		return 1;
	}
	for (i = 0; i < nxopts; i++) {
		if (set_xopt(xopts[i])) {
			dtrace_close(g_dtp);
			return 2;
		}
	}
	if (qflag)
		dtrace_setopt(g_dtp, "quiet", NULL);
	if (Zflag)
		dtrace_setopt(g_dtp, "zdefs", NULL);

	if (outfile) {
		out = fopen(outfile, "a");
		if (!out) {
			dmsg("failed to open output file '%s': %s", outfile,
			      strerror(errno));
			dtrace_close(g_dtp);
			return 1;
		}
	}

	if (lflag) {
		ret = do_list(out);
		goto done;
	}

	ret = 1;
	for (i = 0; i < g_nsrcs; i++) {
		if (compile_source(&g_srcs[i], 0))
			goto done;
		if (Sflag)
			dtrace_program_dump(g_dtp, g_srcs[i].prog, stderr);
		dtrace_program_desc_iter(g_dtp, g_srcs[i].prog, count_desc,
					 &ndescs);
	}
	if (ndescs == 0) {
		dmsg("no probes specified");
		goto done;
	}
	if (eflag) {
		ret = 0;
		goto done;
	}
	ret = run(out);
done:
	if (out != stdout)
		fclose(out);
	else
		fflush(stdout);
	dtrace_close(g_dtp);
	free(xopts);
	return ret;
}
