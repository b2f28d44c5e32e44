// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace(1): the command line front end.  It parses options, then calls
 * libdtrace (libdtrace/dtrace.h) to compile, list, enable and consume,
 * and turns libdtrace's errors into DTrace's messages and exit
 * statuses: 0 (or exit()'s value) on success, 1 on failure (a bad
 * option value included), 2 on a usage error (unknown option letter,
 * missing argument, nothing to do).  docs/userland.md describes the
 * library behind it.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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
static volatile sig_atomic_t g_chld;
/* NULL before dtrace_close(), so that no signal handler wakes it then */
static dtrace_hdl_t *volatile g_dtp;
static struct source *g_srcs;
static int g_nsrcs;

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: dtrace [-64] [-CeFGhHqlSvVwZ] [-b bufsize] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-L path] [-o output] [-O format] [-p pid] [-s script]\n"
		"\t[-U name] [-x opt[=val]] [-X a|c|s|t]\n"
		"\t[-P provider [[ predicate ] action ]]\n"
		"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n"
		"\n"
		"\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n"
		"\n"
		"\t-64 compile for the 64-bit data model (the only one)\n"
		"\t-b  set the size of the principal buffers (bufsize)\n"
		"\t-c  run the command and trace until it exits ($target)\n"
		"\t-C  run the C preprocessor over scripts\n"
		"\t-D  define a preprocessor macro (with -C)\n"
		"\t-e  exit after compiling, before enabling probes\n"
		"\t-f  enable or list probes matching the function name\n"
		"\t-F  indent the output of entry and return probes (flowindent)\n"
		"\t-G  write an ELF object defining the USDT probes of the scripts\n"
		"\t-h  write a C header for the USDT providers of the scripts\n"
		"\t-H  print the files the preprocessor includes (with -C)\n"
		"\t-i  enable or list the probe of this ID\n"
		"\t-I  add a directory to the preprocessor's search path\n"
		"\t-l  list probes matching the descriptions (all if none)\n"
		"\t-L  add a directory to the D library path\n"
		"\t-m  enable or list probes matching the module name\n"
		"\t-n  enable or list probes matching the probe name\n"
		"\t-o  append output to the file (with -h, -G: write it there)\n"
		"\t-O  output format: text (default) or json, one object a line\n"
		"\t-p  trace the running process until it exits ($target)\n"
		"\t-P  enable or list probes matching the provider name\n"
		"\t-q  quiet: print only what the program prints\n"
		"\t-s  compile and run the D script file\n"
		"\t-S  print the DIF of each compiled clause\n"
		"\t-U  undefine a preprocessor macro (with -C)\n"
		"\t-v  with -l, also each probe's argument types\n"
		"\t-V  print the D version and exit\n"
		"\t-w  allow destructive actions\n"
		"\t-x  set a runtime option (quiet, bufsize, strsize, switchrate, ...)\n"
		"\t-X  the preprocessor's C standard: a (default), c, s or t\n"
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

/* -x name[=value]: DTrace names the option alone when it fails. */
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
		dmsg("failed to set -x %s: %s", name, errmsg());
	free(name);
	return ret;
}

/*
 * SIGINT, SIGTERM: stop tracing.  The flag first, then the wake: a
 * signal that comes after run()'s loop tested the flag ends its next
 * dtrace_sleep() at once (docs/userland.md).
 */
static void on_signal(int sig)
{
	dtrace_hdl_t *dtp = g_dtp;

	(void)sig;
	g_intr = 1;
	if (dtp)
		dtrace_wake(dtp);
}

/* The -c child changed state: cut dtrace_sleep() short to look. */
static void on_child(int sig)
{
	dtrace_hdl_t *dtp = g_dtp;

	(void)sig;
	g_chld = 1;
	if (dtp)
		dtrace_wake(dtp);
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

static bool g_verbose;

/* One stability section of -lv and -v, as DTrace prints it. */
static void print_attr(FILE *out, const char *title, struct dtrace_attr a)
{
	fprintf(out, "\n\t%s\n\t\tIdentifier Names: %s\n"
		"\t\tData Semantics:   %s\n\t\tDependency Class: %s\n",
		title, dtrace_stability_name(a.name),
		dtrace_stability_name(a.data), dtrace_class_name(a.dep));
}

/* -lv: the probe's stability (dt_attr.c) and its argument types. */
static void list_verbose(dtrace_hdl_t *dtp, uint32_t id, FILE *out)
{
	/* past every level: printed "Unknown", if the kernel cannot say */
	struct dtrace_attr desc = { 0xff, 0xff, 0xff }, args = desc;
	char type[DTRACE_ARGTYPELEN];
	int i, n = 0;

	dtrace_probe_attr(dtp, id, &desc, &args);
	print_attr(out, "Probe Description Attributes", desc);
	print_attr(out, "Argument Attributes", args);
	fprintf(out, "\n\tArgument Types\n");
	for (i = 0; i < 10; i++) {
		if (dtrace_probe_argtype(dtp, id, i, type, sizeof(type)) ||
		    !type[0])
			break;
		fprintf(out, "\t\targs[%d]: %s\n", i, type);
		n++;
	}
	if (!n)
		fprintf(out, "\t\tNone\n");
	fputc('\n', out);
}

static int list_probe(dtrace_hdl_t *dtp, uint32_t id,
		      const dtrace_probedesc_t *pd, void *arg)
{
	fprintf(arg, "%5u %10s %17s %33s %s\n", id, pd->provider, pd->mod,
		pd->func, pd->name);
	if (g_verbose)
		list_verbose(dtp, id, arg);
	return 0;
}

/* A description that matches nothing is reported; the listing goes on. */
static int list_desc(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd,
		     void *arg)
{
	char buf[512];

	if (dtrace_probe_iter(dtp, pd, list_probe, arg) >= 0)
		return 0;
	dtrace_desc2str(pd, buf, sizeof(buf));
	fflush(arg);
	dmsg("failed to match %s: %s", buf, errmsg());
	return 0;
}

/* -l: every description is compiled before the header is printed. */
static int do_list(FILE *out)
{
	int i;

	for (i = 0; i < g_nsrcs; i++)
		if (compile_source(&g_srcs[i], DTRACE_C_ZDEFS))
			return 1;
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
	for (i = 0; i < g_nsrcs; i++)
		if (dtrace_program_desc_iter(g_dtp, g_srcs[i].prog, list_desc,
					     out))
			return 1;
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

/* How much of -n's @arg DTrace's messages quote: its descriptions. */
static int desc_len(const char *arg)
{
	return (int)strcspn(arg, "{/");
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

/* -v: the stability of one source's program, as DTrace prints it. */
static void report_attr(const struct source *s, FILE *out)
{
	struct dtrace_attr desc, stmt;

	if (dtrace_program_attr(g_dtp, s->prog, &desc, &stmt))
		return;
	if (s->kind == SRC_FILE)
		fprintf(out, "\nStability attributes for script %s:\n", s->arg);
	else
		fprintf(out, "\nStability attributes for description %.*s:\n",
			desc_len(s->arg), s->arg);
	print_attr(out, "Minimum Probe Description Attributes", desc);
	print_attr(out, "Minimum Statement Attributes", stmt);
	fputc('\n', out);
}

static int run(FILE *out)
{
	struct sigaction sa;
	int64_t quiet = 0, json = 0, destructive = 0;
	int i, status;
	bool stopped = false, continued = false;

	dtrace_getopt(g_dtp, "quiet", &quiet);
	dtrace_getopt(g_dtp, "oformat", &json);
	for (i = 0; i < g_nsrcs; i++) {
		dtrace_proginfo_t info;

		if (dtrace_program_exec(g_dtp, g_srcs[i].prog, &info)) {
			/* a refused program's message names the probe */
			if (dtrace_errno(g_dtp) == EDT_DIFREFUSED)
				dmsg("%s", errmsg());
			else
				dmsg("could not enable tracing: %s", errmsg());
			return 1;
		}
		if (!quiet)
			report_matched(&g_srcs[i], info.matched);
		if (g_verbose)
			report_attr(&g_srcs[i], out);
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND;	/* a second signal ends us at once */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	/*
	 * SA_RESTART keeps writes whole; the sleep is cut short anyway.
	 * Stops wake us too: a -c target followed through its forks waits
	 * in one until we see it.
	 */
	sa.sa_handler = on_child;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGCHLD, &sa, NULL);

	dtrace_handle_err(g_dtp, on_error, NULL);
	dtrace_handle_drop(g_dtp, on_drop, NULL);
	if (dtrace_go(g_dtp)) {
		dmsg("could not enable tracing: %s", errmsg());
		return 1;
	}
	if (!quiet && !dtrace_getopt(g_dtp, "destructive", &destructive) &&
	    destructive)
		dmsg("allowing destructive actions");	/* a notice */

	for (;;) {
		dtrace_workstatus_t ws;
		char msg[128];

		/* race-free: the handlers set the flag, then wake the sleep */
		if (!g_intr && !g_chld)
			dtrace_sleep(g_dtp);
		g_chld = 0;
		if (dtrace_proc_exited(g_dtp, msg, sizeof(msg))) {
			if (!quiet)
				dmsg("%s", msg);	/* a notice */
			g_intr = 1;
		}
		if (g_intr && !stopped) {
			stopped = true;
			if (dtrace_stop(g_dtp)) {
				dmsg("could not stop tracing: %s", errmsg());
				return 1;
			}
		}
		ws = dtrace_work(g_dtp, out);
		if (!continued) {
			/* BEGIN's output is out: now the -c command runs */
			dtrace_proc_continue(g_dtp);
			continued = true;
		}
		if (ws == DTRACE_WORKSTATUS_DONE)
			break;
		if (ws == DTRACE_WORKSTATUS_ERROR) {
			dmsg("processing aborted: %s", errmsg());
			return 1;
		}
	}
	/*
	 * Tracing is done: a blank line, -q or not, then what printa() did
	 * not print, once.
	 */
	if (!json)
		fputc('\n', out);
	if (dtrace_aggregate_print(g_dtp, out)) {
		dmsg("failed to print aggregations: %s", errmsg());
		return 1;
	}
	if (fflush(out)) {
		dmsg("failed to write output: %s", strerror(errno));
		return 1;
	}
	dtrace_exit_status(g_dtp, &status);
	return status;
}

/* -c or -p: the target process, before compiling ($target). */
static int set_target(const char *cmd, const char *pidstr)
{
	const char *argv0 = cmd;
	char *end;
	long pid;

	if (cmd) {
		if (dtrace_proc_create(g_dtp, cmd, &argv0) >= 0)
			return 0;
		if (dtrace_errno(g_dtp) == EDT_BADOPTVAL)
			dmsg("invalid command for -c: %s", cmd);
		else
			dmsg("failed to execute %s: %s", argv0, errmsg());
		return -1;
	}
	errno = 0;
	pid = strtol(pidstr, &end, 10);
	if (errno || *end || end == pidstr || pid <= 0 || pid > INT_MAX) {
		dmsg("invalid process ID: %s", pidstr);
		return -1;
	}
	if (dtrace_proc_grab(g_dtp, (int)pid) == 0)
		return 0;
	dmsg("%s", errmsg());
	return -1;
}

/* One -D, -U or -I option. */
static int add_cpp(int c, const char *arg)
{
	if (dtrace_cpp_option(g_dtp, c, arg) == 0)
		return 0;
	dmsg("failed to set -%c %s: %s", c, arg, errmsg());
	return -1;
}

struct cmdline {
	bool lflag, eflag, Sflag, qflag, Zflag, wflag, Cflag, hflag, Gflag;
	const char *outfile, *ccmd, *ppid, *script;
	const char **xopts;		/* pairs: "-x" or "-D"/"-U"/"-I", arg */
	int nxopts;
	const char **margv;		/* macro arguments $1 .. */
	int margc;
	const char **strs;		/* what push_xopt() allocated */
	int nstrs;
};

static int push(const char ***v, int *n, const char *s)
{
	const char **p = realloc(*v, (*n + 1) * sizeof(*p));

	if (!p) {
		dmsg("out of memory");
		return -1;
	}
	p[(*n)++] = s;
	*v = p;
	return 0;
}

/* An option given by a flag (-b 4m is -x bufsize=4m): @name @val. */
static int push_xopt(struct cmdline *cl, const char *name, const char *val)
{
	size_t len = strlen(name) + (val ? strlen(val) : 0) + 1;
	char *s = malloc(len);

	if (!s) {
		dmsg("out of memory");
		return -1;
	}
	snprintf(s, len, "%s%s", name, val ? val : "");
	if (push(&cl->strs, &cl->nstrs, s) ||
	    push(&cl->xopts, &cl->nxopts, "-x") ||
	    push(&cl->xopts, &cl->nxopts, s))
		return -1;
	return 0;
}

/*
 * Options may come before and after operands, as in DTrace: each
 * operand (a macro argument) is taken and option parsing goes on.
 * Return: 0, or the exit status of a usage error or -V.
 */
static int parse_args(int argc, char **argv, struct cmdline *cl)
{
	int c;

	opterr = 0;
	while (optind < argc) {
		c = getopt(argc, argv,
			   "+:3:6:b:c:CD:ef:FGhHi:I:lL:m:n:o:O:p:P:qs:SU:vVwx:X:Z");
		if (c == -1) {
			if (push(&cl->margv, &cl->margc, argv[optind++]))
				return 1;
			continue;
		}
		switch (c) {
		case '3':
		case '6':
			if (strcmp(optarg, c == '3' ? "2" : "4")) {
				dmsg("illegal option -- %c%s", c, optarg);
				usage(stderr);
				return 2;
			}
			if (c == '3') {
				dmsg("failed to set -32: only the 64-bit data model is supported");
				return 1;
			}
			break;
		case 'b':
			if (push_xopt(cl, "bufsize=", optarg))
				return 1;
			break;
		case 'c':
			cl->ccmd = optarg;
			break;
		case 'C':
			cl->Cflag = true;
			break;
		case 'D':
		case 'I':
		case 'U':
			if (push(&cl->xopts, &cl->nxopts, c == 'D' ? "-D" :
				 c == 'I' ? "-I" : "-U") ||
			    push(&cl->xopts, &cl->nxopts, optarg))
				return 1;
			break;
		case 'e':
			cl->eflag = true;
			break;
		case 'H':
			if (push_xopt(cl, "cpphdrs", NULL))
				return 1;
			break;
		case 'i':
			add_source(SRC_STRING, DTRACE_PROBESPEC_ID, optarg);
			break;
		case 'L':
			if (push_xopt(cl, "libdir=", optarg))
				return 1;
			break;
		case 'X':
			if (push_xopt(cl, "stdc=", optarg))
				return 1;
			break;
		case 'f':
			add_source(SRC_STRING, DTRACE_PROBESPEC_FUNC, optarg);
			break;
		case 'F':
			if (push_xopt(cl, "flowindent", NULL))
				return 1;
			break;
		case 'l':
			cl->lflag = true;
			break;
		case 'm':
			add_source(SRC_STRING, DTRACE_PROBESPEC_MOD, optarg);
			break;
		case 'n':
			add_source(SRC_STRING, DTRACE_PROBESPEC_NAME, optarg);
			break;
		case 'o':
			cl->outfile = optarg;
			break;
		case 'O':
			if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
				dmsg("invalid output format: %s", optarg);
				return 2;
			}
			if (push_xopt(cl, "oformat=", optarg))
				return 1;
			break;
		case 'p':
			cl->ppid = optarg;
			break;
		case 'P':
			add_source(SRC_STRING, DTRACE_PROBESPEC_PROVIDER,
				   optarg);
			break;
		case 'q':
			cl->qflag = true;
			break;
		case 's':
			add_source(SRC_FILE, DTRACE_PROBESPEC_NAME, optarg);
			if (!cl->script)
				cl->script = optarg;
			break;
		case 'S':
			cl->Sflag = true;
			break;
		case 'v':
			g_verbose = true;
			break;
		case 'V':
			printf("dtrace: %s (DIF ABI %d)\n", DT_VERSION_STRING,
			       DTRACE_ABI_VERSION);
			return -1;
		case 'w':
			cl->wflag = true;
			break;
		case 'x':
			if (push(&cl->xopts, &cl->nxopts, "-x") ||
			    push(&cl->xopts, &cl->nxopts, optarg))
				return 1;
			break;
		case 'Z':
			cl->Zflag = true;
			break;
		case 'h':
			cl->hflag = true;
			break;
		case 'G':
			cl->Gflag = true;
			break;
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
	if (cl->ccmd && cl->ppid) {
		dmsg("only one of -c and -p may be given");
		return 1;
	}
	if ((cl->hflag || cl->Gflag) &&
	    (cl->hflag + cl->Gflag + cl->lflag > 1 ||
	     (cl->hflag && !cl->script))) {
		dmsg("-h takes scripts (-s); -h, -G and -l exclude each other");
		return 2;
	}
	if (argc == 1) {
		usage(stderr);
		return 2;
	}
	return 0;
}

/*
 * The output of -h or -G: -o, else the first script with its ".d"
 * replaced by @suffix (or, for -G of a script not named .d or of -n
 * programs, "d.out").
 */
static char *generated_path(const struct cmdline *cl, const char *suffix)
{
	size_t len = cl->script ? strlen(cl->script) : 0;
	char *path;

	if (cl->outfile)
		return strdup(cl->outfile);
	if (len < 3 || strcmp(cl->script + len - 2, ".d"))
		return strdup(!strcmp(suffix, ".o") ? "d.out" : "d.h");
	path = malloc(len + strlen(suffix));
	if (path)
		sprintf(path, "%.*s%s", (int)(len - 2), cl->script, suffix);
	return path;
}

/* Is @path an ELF relocatable object (what -G is given to link with)? */
static bool is_relocatable(const char *path)
{
	unsigned char h[18];
	FILE *fp = fopen(path, "rb");
	bool ok;

	if (!fp)
		return false;
	ok = fread(h, 1, sizeof(h), fp) == sizeof(h) &&
	     !memcmp(h, "\177ELF", 4) && h[16] == 1 && h[17] == 0;
	fclose(fp);
	return ok;
}

/* -h: the header; -G: the object.  Return: the exit status. */
static int do_generate(const struct cmdline *cl)
{
	char *path = generated_path(cl, cl->hflag ? ".h" : ".o");
	char guard[256], *g;
	const char *base;
	int i, ret = 1;
	FILE *fp;

	if (!path) {
		dmsg("out of memory");
		return 1;
	}
	for (i = 0; i < g_nsrcs; i++)
		if (compile_source(&g_srcs[i], DTRACE_C_ZDEFS))
			goto out;
	if (cl->Gflag) {
		for (i = 0; i < cl->margc; i++) {
			if (access(cl->margv[i], R_OK)) {
				dmsg("failed to open %s: %s", cl->margv[i],
				     strerror(errno));
				goto out;
			}
			if (!is_relocatable(cl->margv[i])) {
				dmsg("%s is not an ELF relocatable object",
				     cl->margv[i]);
				goto out;
			}
		}
		if (dtrace_provider_object(g_dtp, path))
			dmsg("failed to write %s: %s", path, errmsg());
		else
			ret = 0;
		goto out;
	}
	base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	snprintf(guard, sizeof(guard), "_%s", base);
	for (g = guard; *g; g++)
		*g = isalnum((unsigned char)*g) ? toupper((unsigned char)*g) : '_';
	fp = fopen(path, "w");
	if (!fp) {
		dmsg("failed to open %s: %s", path, strerror(errno));
		goto out;
	}
	if (dtrace_provider_header(g_dtp, fp, guard))
		dmsg("failed to write %s: %s", path, errmsg());
	else
		ret = 0;
	if (fclose(fp) && !ret) {
		dmsg("failed to write %s: %s", path, strerror(errno));
		ret = 1;
	}
	if (ret)
		unlink(path);
out:
	free(path);
	return ret;
}

/* Options in the order given, then the flags; exit status or 0. */
static int apply_options(struct cmdline *cl, const char *argv0)
{
	const char **mv;
	int i, n, ret;

	for (i = 0; i < cl->nxopts; i += 2) {
		if (cl->xopts[i][1] == 'x') {
			if (set_xopt(cl->xopts[i + 1]))
				return 1;
		} else if (add_cpp(cl->xopts[i][1], cl->xopts[i + 1])) {
			return 1;
		}
	}
	if (cl->qflag)
		dtrace_setopt(g_dtp, "quiet", NULL);
	if (cl->Zflag)
		dtrace_setopt(g_dtp, "zdefs", NULL);
	if (cl->wflag)
		dtrace_setopt(g_dtp, "destructive", NULL);
	if (cl->Cflag)
		dtrace_setopt(g_dtp, "cpp", NULL);

	mv = calloc((size_t)cl->margc + 1, sizeof(*mv));
	if (!mv) {
		dmsg("out of memory");
		return 1;
	}
	mv[0] = cl->script ? cl->script : argv0;
	/* -G's operands are the objects to link with, not macro arguments */
	n = cl->Gflag ? 0 : cl->margc;
	for (i = 0; i < n; i++)
		mv[i + 1] = cl->margv[i];
	ret = dtrace_macro_args(g_dtp, n + 1, (char *const *)mv);
	free(mv);
	if (ret) {
		dmsg("out of memory");
		return 1;
	}
	return 0;
}

/*
 * -x core: dump core now, as DTrace does when it is done, for a look at
 * its state: the core size limit raised as far as it goes, SIGABRT.
 */
static void dump_core(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_CORE, &rl)) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_CORE, &rl);
	}
	signal(SIGABRT, SIG_DFL);
	abort();
}

int main(int argc, char **argv)
{
	struct cmdline cl = { 0 };
	dtrace_hdl_t *dtp;
	int i, err, ret;
	FILE *out = stdout;
	unsigned int ndescs = 0;
	int64_t core = 0;

	ret = parse_args(argc, argv, &cl);
	if (ret)
		return ret < 0 ? 0 : ret;

	g_dtp = dtrace_open(DTRACE_VERSION, cl.hflag || cl.Gflag ?
			    DTRACE_O_NODEV : 0, &err);
	if (!g_dtp) {
		dmsg("failed to initialize dtrace: %s",
		      dtrace_errmsg(NULL, err));
		return 1;
	}
	ret = apply_options(&cl, argv[0]);
	if (ret)
		goto close;

	if (cl.hflag || cl.Gflag) {
		ret = do_generate(&cl);
		goto close;
	}
	if (cl.outfile) {
		out = fopen(cl.outfile, "a");
		if (!out) {
			dmsg("failed to open output file '%s': %s", cl.outfile,
			      strerror(errno));
			out = stdout;
			ret = 1;
			goto close;
		}
	}

	ret = 1;
	if ((cl.ccmd || cl.ppid) && set_target(cl.ccmd, cl.ppid))
		goto done;
	if (cl.lflag) {
		ret = do_list(out);
		goto done;
	}
	for (i = 0; i < g_nsrcs; i++) {
		if (compile_source(&g_srcs[i], 0))
			goto done;
		if (cl.Sflag)
			dtrace_program_dump(g_dtp, g_srcs[i].prog, stderr);
		dtrace_program_desc_iter(g_dtp, g_srcs[i].prog, count_desc,
					 &ndescs);
	}
	if (cl.eflag) {
		ret = 0;
		goto done;
	}
	if (ndescs == 0) {
		dmsg("no probes specified");
		goto done;
	}
	ret = run(out);
done:
	if (out != stdout)
		fclose(out);
close:
	fflush(stdout);
	dtrace_getopt(g_dtp, "core", &core);
	dtp = g_dtp;
	g_dtp = NULL;
	dtrace_close(dtp);
	for (i = 0; i < cl.nstrs; i++)
		free((char *)cl.strs[i]);
	free(cl.strs);
	free(cl.xopts);
	free(cl.margv);
	if (core)
		dump_core();
	return ret;
}
