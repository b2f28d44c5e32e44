// SPDX-License-Identifier: GPL-2.0
/*
 * Options set with -x name=value, #pragma D option and the command's
 * flags: one table of names with their parsers (flags, sizes with
 * k/m/g/t suffixes, rates in hz or as a time, counts, words, paths),
 * the values in struct dt_options, and dt_options_apply(), which hands
 * the kernel's options to it with DTRACEIOC_SETOPT before the first
 * ENABLE.  Options about how the program is read (the preprocessor's,
 * the library path) are the command line's: a program setting them
 * gets EDT_BADOPTCTX.  The monotonic clock the consumer runs by lives
 * here too.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "dt_consume.h"

#define DT_NSEC_PER_SEC	1000000000ULL
#define DT_STACKFRAMES_DEFAULT	20
#define DT_USTACKFRAMES_DEFAULT	100
/*
 * pcap(): an Ethernet frame by default; at most what a record holds
 * beside the packet's header and the link type
 */
#define DT_PCAPSIZE_DEFAULT	1514
#define DT_PCAPSIZE_MAX		(DTRACE_RECORD_MAX - 64)

void dt_options_init(struct dt_options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->bufsize = DTRACE_BUFSIZE_DEFAULT;
	opt->strsize = DTRACE_STRSIZE_DEFAULT;
	opt->dynvarsize = DTRACE_DYNVARSIZE_DEFAULT;
	opt->scratchsize = DTRACE_SCRATCHSIZE_DEFAULT;
	opt->switchrate = DT_NSEC_PER_SEC;	/* 1hz */
	opt->statusrate = DT_NSEC_PER_SEC / 10;	/* 10hz */
	opt->cleanrate = DT_NSEC_PER_SEC / 101;	/* DTrace's 101hz */
	opt->stackframes = DT_STACKFRAMES_DEFAULT;
	opt->ustackframes = DT_USTACKFRAMES_DEFAULT;
	opt->maxframes = DTRACE_STACK_MAX;
	opt->tregs = DTRACE_DIF_TUPLE_MAX;
	opt->bufpolicy = DTRACE_BUFPOLICY_SWITCH;
	opt->aggsize = DTRACE_AGGSIZE_DEFAULT;
	opt->aggrate = DT_NSEC_PER_SEC;		/* 1hz */
	opt->nspec = DTRACE_NSPEC_DEFAULT;
	opt->specsize = DTRACE_SPECSIZE_DEFAULT;
	opt->bufresize = DT_BUFRESIZE_AUTO;
	opt->oformat = DT_OFORMAT_TEXT;
	opt->version = DT_VERSION_LATEST;
	opt->cpu = DTRACE_CPU_ANY;
	opt->pcapsize = DT_PCAPSIZE_DEFAULT;
}

void dt_options_fini(struct dt_options *opt)
{
	free(opt->ldpath);
	free(opt->modpath);
	free(opt->pcapfile);
}

uint64_t dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * DT_NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* A number followed by an optional suffix; @end gets the suffix. */
static int dt_opt_number(const char *s, uint64_t *v, const char **end)
{
	char *e;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	*v = strtoull(s, &e, 0);
	if (errno)
		return -1;
	*end = e;
	return 0;
}

/**
 * dt_options_frames() - the frames a stack() or ustack() records
 * @opt: the options
 * @user: ustack(), else stack()
 * @given: the frames the call names; 0 for the default (stackframes or
 *	ustackframes)
 *
 * Return: @given or the default, at most maxframes.
 */
uint64_t dt_options_frames(const struct dt_options *opt, bool user,
			   uint64_t given)
{
	uint64_t frames = given ? given :
			  user ? opt->ustackframes : opt->stackframes;

	return frames < opt->maxframes ? frames : opt->maxframes;
}

/* "4m", "512k", "4096": bytes. */
static int dt_opt_size(const char *s, uint64_t *v)
{
	const char *suf;
	unsigned int shift = 0;

	if (dt_opt_number(s, v, &suf))
		return -1;
	if (*suf) {
		switch (tolower((unsigned char)*suf)) {
		case 'k':
			shift = 10;
			break;
		case 'm':
			shift = 20;
			break;
		case 'g':
			shift = 30;
			break;
		case 't':
			shift = 40;
			break;
		default:
			return -1;
		}
		if (suf[1])
			return -1;
	}
	if (shift && *v > (UINT64_MAX >> shift))
		return -1;
	*v <<= shift;
	return 0;
}

/* "10hz", "100ms", "1s", "10" (hz): the interval in ns. */
static int dt_opt_rate(const char *s, uint64_t *ns)
{
	static const struct {
		const char *suffix;
		uint64_t mult;		/* ns per unit; 0 for a frequency */
	} units[] = {
		{ "", 0 }, { "hz", 0 },
		{ "ns", 1 }, { "nsec", 1 },
		{ "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", DT_NSEC_PER_SEC }, { "sec", DT_NSEC_PER_SEC },
		{ "m", 60 * DT_NSEC_PER_SEC }, { "min", 60 * DT_NSEC_PER_SEC },
		{ "h", 3600 * DT_NSEC_PER_SEC },
		{ "hour", 3600 * DT_NSEC_PER_SEC },
		{ "d", 86400 * DT_NSEC_PER_SEC },
		{ "day", 86400 * DT_NSEC_PER_SEC },
	};
	const char *suf;
	uint64_t v;
	size_t i;

	if (dt_opt_number(s, &v, &suf) || v == 0)
		return -1;
	for (i = 0; i < DT_ARRAY_SIZE(units); i++) {
		if (strcasecmp(suf, units[i].suffix))
			continue;
		if (units[i].mult == 0) {
			*ns = v > DT_NSEC_PER_SEC ? 1 : DT_NSEC_PER_SEC / v;
			return 0;
		}
		if (v > UINT64_MAX / units[i].mult)
			return -1;
		*ns = v * units[i].mult;
		return 0;
	}
	return -1;
}

/**
 * dt_version_parse() - read a D version
 * @s: "1.0", "1.6.3"
 * @vp: out, as DT_VERSION()
 *
 * Return: 0, or -1 if @s is no version this compiler knows.
 */
int dt_version_parse(const char *s, uint32_t *vp)
{
	unsigned long part[3] = { 0, 0, 0 };
	const char *p = s;
	char *end;
	int n;

	for (n = 0; n < 3 && p && isdigit((unsigned char)*p); n++) {
		part[n] = strtoul(p, &end, 10);
		if (part[n] > 4095 || (*end && *end != '.'))
			return -1;
		p = *end ? end + 1 : NULL;
	}
	if (n < 2 || p || part[0] > 255)
		return -1;
	*vp = DT_VERSION(part[0], part[1], part[2]);
	return *vp < DT_VERSION(1, 0, 0) || *vp > DT_VERSION_LATEST ? -1 : 0;
}

/* Kinds of option values. */
enum dt_optkind {
	DT_OPT_FLAG,		/* no value, "1", "set", "true" or "yes";
				   "0", "false", "unset" or "no" clears it */
	DT_OPT_SIZE,		/* bytes, with suffixes */
	DT_OPT_RATE,		/* a frequency or an interval, in ns */
	DT_OPT_COUNT,		/* a plain number */
	DT_OPT_WORD,		/* one of ->words; its index */
	DT_OPT_PATH,		/* a string kept (char *) */
	DT_OPT_CPP,		/* -D, -U or -I given as an option */
	DT_OPT_LIBDIR,		/* a library directory, added */
	DT_OPT_LOCKMEM,		/* a size or "unlimited" */
	DT_OPT_VERSION,		/* a D version */
	DT_OPT_CPU,		/* a CPU this machine has */
};

#define DT_OPT_CLI	0x1	/* the command line's: EDT_BADOPTCTX from D */
#define DT_OPT_NOT	0x2	/* a FLAG that sets its field to the opposite */

struct dt_optdesc {
	const char *name;
	enum dt_optkind kind;
	size_t off;		/* of the field in struct dt_options */
	uint64_t min, max;	/* SIZE and COUNT; CPP: the letter */
	uint32_t kopt;		/* DTRACE_OPT_* it is sent as; 0 if none */
	uint32_t flags;		/* DT_OPT_CLI, DT_OPT_NOT */
};

#define DT_OFF(f)	offsetof(struct dt_options, f)

/* The words of DT_OPT_WORD options, indexed by the value they set. */
static const char *const dt_policies[] = { "switch", "fill", "ring", NULL };
static const char *const dt_resizes[] = { "auto", "manual", NULL };
static const char *const dt_oformats[] = { "text", "json", NULL };
static const char *const dt_stdcs[] = { "a", "c", "s", "t", NULL };
static const char *const dt_linkmodes[] = { "kernel", "static", "dynamic",
					    NULL };
static const char *const dt_evaltimes[] = {
	"exec", "preinit", "postinit", "main", NULL
};

static const struct {
	size_t off;
	const char *const *words;
} dt_optwords[] = {
	{ DT_OFF(bufpolicy), dt_policies },	/* DTRACE_BUFPOLICY_* */
	{ DT_OFF(bufresize), dt_resizes },	/* DT_BUFRESIZE_* */
	{ DT_OFF(oformat), dt_oformats },	/* DT_OFORMAT_* */
	{ DT_OFF(stdc), dt_stdcs },		/* DT_STDC_* */
	{ DT_OFF(linkmode), dt_linkmodes },	/* DT_LINK_* */
	{ DT_OFF(evaltime), dt_evaltimes },	/* DT_EVALTIME_* */
};

static const char *const *dt_opt_words(const struct dt_optdesc *d)
{
	size_t i;

	for (i = 0; i < DT_ARRAY_SIZE(dt_optwords); i++)
		if (dt_optwords[i].off == d->off)
			return dt_optwords[i].words;
	return NULL;
}

static const struct dt_optdesc dt_optdescs[] = {
	{ "quiet", DT_OPT_FLAG, DT_OFF(quiet), 0, 0, 0, 0 },
	{ "errtags", DT_OPT_FLAG, DT_OFF(errtags), 0, 0, 0, 0 },
	{ "droptags", DT_OPT_FLAG, DT_OFF(droptags), 0, 0, 0, 0 },
	{ "zdefs", DT_OPT_FLAG, DT_OFF(zdefs), 0, 0, 0, 0 },
	{ "destructive", DT_OPT_FLAG, DT_OFF(destructive), 0, 0,
	  DTRACE_OPT_DESTRUCTIVE, 0 },
	{ "allowpanic", DT_OPT_FLAG, DT_OFF(allowpanic), 0, 0,
	  DTRACE_OPT_DESTRUCTIVE, 0 },
	{ "cpp", DT_OPT_FLAG, DT_OFF(cpp), 0, 0, 0, DT_OPT_CLI },
	{ "defaultargs", DT_OPT_FLAG, DT_OFF(defaultargs), 0, 0, 0, 0 },
	{ "argref", DT_OPT_FLAG, DT_OFF(argref), 0, 0, 0, 0 },
	{ "pspec", DT_OPT_FLAG, DT_OFF(pspec), 0, 0, 0, 0 },
	{ "bufsize", DT_OPT_SIZE, DT_OFF(bufsize), DTRACE_BUFSIZE_MIN,
	  UINT64_MAX, DTRACE_OPT_BUFSIZE, 0 },	/* see dt_options_apply() */
	{ "strsize", DT_OPT_SIZE, DT_OFF(strsize), 1, DTRACE_STRSIZE_MAX - 1,
	  DTRACE_OPT_STRSIZE, 0 },
	{ "dynvarsize", DT_OPT_SIZE, DT_OFF(dynvarsize),
	  DTRACE_DYNVARSIZE_MIN, DTRACE_DYNVARSIZE_MAX,
	  DTRACE_OPT_DYNVARSIZE, 0 },
	{ "scratchsize", DT_OPT_SIZE, DT_OFF(scratchsize),
	  DTRACE_SCRATCHSIZE_MIN, DTRACE_SCRATCHSIZE_MAX,
	  DTRACE_OPT_SCRATCHSIZE, 0 },
	{ "rawbytes", DT_OPT_FLAG, DT_OFF(rawbytes), 0, 0, 0, 0 },
	{ "switchrate", DT_OPT_RATE, DT_OFF(switchrate), 0, 0, 0, 0 },
	{ "statusrate", DT_OPT_RATE, DT_OFF(statusrate), 0, 0, 0, 0 },
	{ "cleanrate", DT_OPT_RATE, DT_OFF(cleanrate), 0, 0, 0, 0 },
	{ "stackframes", DT_OPT_COUNT, DT_OFF(stackframes), 1,
	  DTRACE_STACK_MAX, 0, 0 },
	{ "ustackframes", DT_OPT_COUNT, DT_OFF(ustackframes), 1,
	  DTRACE_USTACK_MAX, 0, 0 },
	{ "maxframes", DT_OPT_COUNT, DT_OFF(maxframes), 1,
	  DTRACE_STACK_MAX, 0, 0 },
	{ "bufpolicy", DT_OPT_WORD, DT_OFF(bufpolicy), 0, 0,
	  DTRACE_OPT_BUFPOLICY, 0 },
	{ "aggsize", DT_OPT_SIZE, DT_OFF(aggsize), DTRACE_AGGSIZE_MIN,
	  DTRACE_AGGSIZE_MAX, DTRACE_OPT_AGGSIZE, 0 },
	{ "aggrate", DT_OPT_RATE, DT_OFF(aggrate), 0, 0, 0, 0 },
	{ "nspec", DT_OPT_COUNT, DT_OFF(nspec), 1, DTRACE_NSPEC_MAX,
	  DTRACE_OPT_NSPEC, 0 },
	{ "specsize", DT_OPT_SIZE, DT_OFF(specsize), DTRACE_SPECSIZE_MIN,
	  DTRACE_SPECSIZE_MAX, DTRACE_OPT_SPECSIZE, 0 },
	{ "aggsortkey", DT_OPT_FLAG, DT_OFF(aggsortkey), 0, 0, 0, 0 },
	{ "aggsortkeypos", DT_OPT_COUNT, DT_OFF(aggsortkeypos), 0,
	  DTRACE_AGG_MAXKEYS - 1, 0, 0 },
	{ "aggsortpos", DT_OPT_COUNT, DT_OFF(aggsortpos), 0,
	  DTRACE_AGG_MAXID - 1, 0, 0 },
	{ "aggsortrev", DT_OPT_FLAG, DT_OFF(aggsortrev), 0, 0, 0, 0 },
	{ "aggpack", DT_OPT_FLAG, DT_OFF(aggpack), 0, 0, 0, 0 },
	{ "aggzoom", DT_OPT_FLAG, DT_OFF(aggzoom), 0, 0, 0, 0 },
	{ "bufresize", DT_OPT_WORD, DT_OFF(bufresize), 0, 0, 0, 0 },
	{ "temporal", DT_OPT_FLAG, DT_OFF(temporal), 0, 0, 0, 0 },
	{ "flowindent", DT_OPT_FLAG, DT_OFF(flowindent), 0, 0, 0, 0 },
	{ "oformat", DT_OPT_WORD, DT_OFF(oformat), 0, 0, 0, 0 },
	{ "version", DT_OPT_VERSION, DT_OFF(version), 0, 0, 0, 0 },
	{ "cpu", DT_OPT_CPU, DT_OFF(cpu), 0, 0, DTRACE_OPT_CPU, 0 },
	{ "debug", DT_OPT_FLAG, DT_OFF(debug), 0, 0, 0, 0 },
	{ "core", DT_OPT_FLAG, DT_OFF(core), 0, 0, 0, 0 },
	{ "linkmode", DT_OPT_WORD, DT_OFF(linkmode), 0, 0, 0, 0 },
	{ "knodefs", DT_OPT_FLAG, DT_OFF(knodefs), 0, 0, 0, 0 },
	{ "kdefs", DT_OPT_FLAG, DT_OFF(knodefs), 0, 0, 0, DT_OPT_NOT },
	{ "tregs", DT_OPT_COUNT, DT_OFF(tregs), 1, UINT32_MAX, 0, 0 },
	{ "noresolve", DT_OPT_FLAG, DT_OFF(noresolve), 0, 0, 0, 0 },
	/*
	 * DTrace's -c target runs to exec, .init, after .init or main
	 * before its probes are made; here it runs to its entry point,
	 * its libraries mapped, whatever the word (docs/providers/pid.md).
	 */
	{ "evaltime", DT_OPT_WORD, DT_OFF(evaltime), 0, 0, 0, 0 },
	{ "cpphdrs", DT_OPT_FLAG, DT_OFF(cpphdrs), 0, 0, 0, DT_OPT_CLI },
	{ "stdc", DT_OPT_WORD, DT_OFF(stdc), 0, 0, 0, DT_OPT_CLI },
	{ "define", DT_OPT_CPP, 0, 'D', 0, 0, DT_OPT_CLI },
	{ "undef", DT_OPT_CPP, 0, 'U', 0, 0, DT_OPT_CLI },
	{ "incdir", DT_OPT_CPP, 0, 'I', 0, 0, DT_OPT_CLI },
	{ "libdir", DT_OPT_LIBDIR, 0, 0, 0, 0, DT_OPT_CLI },
	{ "ldpath", DT_OPT_PATH, DT_OFF(ldpath), 0, 0, 0, DT_OPT_CLI },
	{ "modpath", DT_OPT_PATH, DT_OFF(modpath), 0, 0, 0, DT_OPT_CLI },
	{ "pcapfile", DT_OPT_PATH, DT_OFF(pcapfile), 0, 0, 0, 0 },
	{ "pcapsize", DT_OPT_SIZE, DT_OFF(pcapsize), 1, DT_PCAPSIZE_MAX, 0, 0 },
	{ "lockmem", DT_OPT_LOCKMEM, DT_OFF(lockmem), 0, 0, 0, DT_OPT_CLI },
};

static const struct dt_optdesc *dt_optdesc_find(const char *name)
{
	size_t i;

	for (i = 0; i < DT_ARRAY_SIZE(dt_optdescs); i++)
		if (!strcmp(dt_optdescs[i].name, name))
			return &dt_optdescs[i];
	return NULL;
}

/* Parse @val as @d says; 0 with *@v set, or -1. */
static int dt_opt_parse(const struct dt_optdesc *d, const char *val,
			uint64_t *v)
{
	const char *end;

	switch (d->kind) {
	case DT_OPT_FLAG:	/* "0", "false", "unset" or "no" clears it */
		if (val && (!strcmp(val, "0") || !strcasecmp(val, "false") ||
			    !strcasecmp(val, "unset") || !strcasecmp(val, "no"))) {
			*v = 0;
			return 0;
		}
		if (val && *val && strcmp(val, "1") && strcasecmp(val, "set") &&
		    strcasecmp(val, "true") && strcasecmp(val, "yes"))
			return -1;
		*v = 1;
		return 0;
	case DT_OPT_SIZE:
		if (dt_opt_size(val, v))
			return -1;
		break;
	case DT_OPT_COUNT:
		if (dt_opt_number(val, v, &end) || *end)
			return -1;
		break;
	case DT_OPT_RATE:
		return dt_opt_rate(val, v);
	case DT_OPT_WORD: {
		const char *const *w = dt_opt_words(d);

		for (*v = 0; val && w[*v]; (*v)++)
			if (!strcmp(val, w[*v]))
				return 0;
		return -1;
	}
	case DT_OPT_PATH:
	case DT_OPT_CPP:
	case DT_OPT_LIBDIR:
		return val && *val ? 0 : -1;
	case DT_OPT_LOCKMEM:
		if (val && !strcmp(val, "unlimited")) {
			*v = UINT64_MAX;
			return 0;
		}
		return dt_opt_size(val, v) || *v == 0 ? -1 : 0;
	case DT_OPT_CPU:
		return dt_opt_number(val, v, &end) || *end ||
		       *v >= (uint64_t)sysconf(_SC_NPROCESSORS_CONF) ? -1 : 0;
	case DT_OPT_VERSION: {
		uint32_t ver;

		if (!val || dt_version_parse(val, &ver))
			return -1;
		*v = ver;
		return 0;
	}
	}
	return *v < d->min || *v > d->max ? -1 : 0;
}

/* -L, -x libdir: one more directory of D library files. */
static int dt_opt_libdir(dtrace_hdl_t *dtp, const char *dir)
{
	char **v = realloc(dtp->libdirs, (dtp->nlibdirs + 1) * sizeof(*v));

	if (!v)
		return dt_set_errno(dtp, EDT_NOMEM);
	dtp->libdirs = v;
	v[dtp->nlibdirs] = strdup(dir);
	if (!v[dtp->nlibdirs])
		return dt_set_errno(dtp, EDT_NOMEM);
	dtp->nlibdirs++;
	return 0;
}

/**
 * dtrace_setopt() - set an option by name
 * @dtp: the handle
 * @opt: option name
 * @val: value, NULL for a flag
 *
 * Return: 0, or -1 with EDT_BADOPTNAME, EDT_BADOPTVAL, EDT_BADOPTCTX
 * for an option of the command line's set by #pragma D option, or
 * EDT_ACTIVE for an option of the kernel's once it has been sent (at
 * the first enabling).
 */
int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	const struct dt_optdesc *d = dt_optdesc_find(opt);
	char *field, *str;
	uint64_t v = 0;

	if (!d)
		return dt_set_errno(dtp, EDT_BADOPTNAME);
	if ((d->flags & DT_OPT_CLI) && dtp->in_program)
		return dt_set_errno(dtp, EDT_BADOPTCTX);
	if (dt_opt_parse(d, val, &v))
		return dt_set_errno(dtp, EDT_BADOPTVAL);
	if (d->kopt && dtp->opts_applied)
		return dt_set_errno(dtp, EDT_ACTIVE);

	field = (char *)&dtp->opt + d->off;
	switch (d->kind) {
	case DT_OPT_FLAG:
		*(bool *)field = (v != 0) != !!(d->flags & DT_OPT_NOT);
		break;
	case DT_OPT_WORD:
	case DT_OPT_VERSION:
		*(uint32_t *)field = (uint32_t)v;
		break;
	case DT_OPT_PATH:
		str = strdup(val);
		if (!str)
			return dt_set_errno(dtp, EDT_NOMEM);
		free(*(char **)field);
		*(char **)field = str;
		break;
	case DT_OPT_CPP:
		return dtrace_cpp_option(dtp, (int)d->min, val);
	case DT_OPT_LIBDIR:
		return dt_opt_libdir(dtp, val);
	default:
		*(uint64_t *)field = v;
		break;
	}
	return 0;
}

int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val)
{
	const struct dt_optdesc *d = dt_optdesc_find(opt);
	const char *field;

	if (!d)
		return dt_set_errno(dtp, EDT_BADOPTNAME);
	field = (const char *)&dtp->opt + d->off;
	switch (d->kind) {
	case DT_OPT_FLAG:
		*val = *(const bool *)field != !!(d->flags & DT_OPT_NOT);
		break;
	case DT_OPT_WORD:
	case DT_OPT_VERSION:
		*val = *(const uint32_t *)field;
		break;
	case DT_OPT_PATH:
	case DT_OPT_CPP:
	case DT_OPT_LIBDIR:
		return dt_set_errno(dtp, EDT_BADOPTVAL);	/* no number */
	default:
		*val = (int64_t)*(const uint64_t *)field;
		break;
	}
	return 0;
}

static int dt_setopt_kernel(dtrace_hdl_t *dtp, uint32_t option,
			    uint64_t value)
{
	struct dtrace_ioc_setopt so = {
		.size = sizeof(so), .option = option, .value = value,
	};

	dt_dprintf(dtp, "kernel option %u set to %llu", option,
		   (unsigned long long)value);
	if (dt_ioctl(dtp, DTRACEIOC_SETOPT, &so))
		return dt_set_errno_ioctl(dtp, errno);
	return 0;
}

/* Say that a size was lowered: "buffer size lowered to 512k". */
static void dt_options_lowered(dtrace_hdl_t *dtp, const char *what,
			       uint64_t v)
{
	dtrace_dropdata_t dd = { .cpu = -1 };
	char msg[96];

	snprintf(msg, sizeof(msg), "%s lowered to %llu%s", what,
		 (unsigned long long)(v % 1024 ? v :
		 v % (1 << 20) ? v >> 10 : v >> 20),
		 v % 1024 ? "" : v % (1 << 20) ? "k" : "m");
	dd.msg = msg;
	if (dtp->drop_handler)
		dtp->drop_handler(&dd, dtp->drop_arg);
	else
		fprintf(stderr, "dtrace: %s\n", msg);
}

/**
 * dt_options_resize() - halve the kernel's buffer sizes after ENOMEM
 * @dtp: a handle whose DTRACEIOC_GO failed with ENOMEM
 *
 * bufresize=auto: bufsize, aggsize and specsize are halved, those not
 * yet at their minimum, and sent again; each change is reported as
 * "buffer size lowered to SIZE" (aggregation, speculation) through the
 * drop handler.
 * Return: 1 if a size was lowered, 0 if none could be (or the policy is
 * manual), -1 with the kernel's errno.
 */
int dt_options_resize(dtrace_hdl_t *dtp)
{
	static const struct {
		size_t off;
		uint64_t min;
		uint32_t kopt;
		const char *what;
	} sz[] = {
		{ DT_OFF(bufsize), DTRACE_BUFSIZE_MIN, DTRACE_OPT_BUFSIZE,
		  "buffer size" },
		{ DT_OFF(aggsize), DTRACE_AGGSIZE_MIN, DTRACE_OPT_AGGSIZE,
		  "aggregation size" },
		{ DT_OFF(specsize), DTRACE_SPECSIZE_MIN, DTRACE_OPT_SPECSIZE,
		  "speculation size" },
	};
	int lowered = 0;
	size_t i;

	if (dtp->opt.bufresize == DT_BUFRESIZE_MANUAL)
		return 0;
	for (i = 0; i < DT_ARRAY_SIZE(sz); i++) {
		uint64_t *v = (uint64_t *)((char *)&dtp->opt + sz[i].off);

		if (*v / 2 < sz[i].min)
			continue;
		*v /= 2;
		if (dt_setopt_kernel(dtp, sz[i].kopt, *v))
			return -1;
		dt_options_lowered(dtp, sz[i].what, *v);
		lowered = 1;
	}
	return lowered;
}

/*
 * The cpu option: this process runs there from the first enabling on,
 * so BEGIN and END fire there, and so do tick-N probes, whose timers
 * are armed on the CPU that enables them.
 */
static int dt_options_cpu(dtrace_hdl_t *dtp)
{
	cpu_set_t set;

	if (dtp->opt.cpu == DTRACE_CPU_ANY)
		return 0;
	CPU_ZERO(&set);
	CPU_SET((int)dtp->opt.cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return dt_set_errno(dtp, errno);
	return 0;
}

/**
 * dt_options_apply() - send the kernel's options, once
 * @dtp: a handle with the device
 *
 * Called before the first DTRACEIOC_ENABLE (the kernel checks
 * destructive actions there) and again harmlessly at dtrace_go().
 * From then on dtrace_setopt() refuses the kernel's options.  A bufsize
 * above the kernel's largest is taken as DTrace does (-b 2t -e
 * succeeds) and, under bufresize=auto, lowered to it here.  Under the
 * cpu option this process moves to that CPU.
 * Return: 0, or -1 with the kernel's errno (ENOMEM for a bufsize too
 * large under bufresize=manual).
 */
int dt_options_apply(dtrace_hdl_t *dtp)
{
	const struct dt_options *o = &dtp->opt;
	uint64_t destr = 0;

	if (dtp->opts_applied)
		return 0;
	if (o->bufsize > DTRACE_BUFSIZE_MAX) {
		if (o->bufresize == DT_BUFRESIZE_MANUAL)
			return dt_set_errno(dtp, ENOMEM);
		dtp->opt.bufsize = DTRACE_BUFSIZE_MAX;
		dt_options_lowered(dtp, "buffer size", DTRACE_BUFSIZE_MAX);
	}
	if (o->destructive)
		destr |= DTRACE_DESTRUCTIVE_ALLOW;
	if (o->allowpanic)
		destr |= DTRACE_DESTRUCTIVE_PANIC;
	if (dt_setopt_kernel(dtp, DTRACE_OPT_BUFSIZE, o->bufsize) ||
	    dt_setopt_kernel(dtp, DTRACE_OPT_BUFPOLICY, o->bufpolicy) ||
	    dt_setopt_kernel(dtp, DTRACE_OPT_STRSIZE, dt_strbytes(o)) ||
	    dt_setopt_kernel(dtp, DTRACE_OPT_DYNVARSIZE, o->dynvarsize) ||
	    dt_setopt_kernel(dtp, DTRACE_OPT_SCRATCHSIZE, o->scratchsize) ||
	    dt_setopt_kernel(dtp, DTRACE_OPT_DESTRUCTIVE, destr))
		return -1;
	/* ABI 3's only when set: the kernel's defaults are the same */
	if ((o->aggsize != DTRACE_AGGSIZE_DEFAULT &&
	     dt_setopt_kernel(dtp, DTRACE_OPT_AGGSIZE, o->aggsize)) ||
	    (o->nspec != DTRACE_NSPEC_DEFAULT &&
	     dt_setopt_kernel(dtp, DTRACE_OPT_NSPEC, o->nspec)) ||
	    (o->specsize != DTRACE_SPECSIZE_DEFAULT &&
	     dt_setopt_kernel(dtp, DTRACE_OPT_SPECSIZE, o->specsize)) ||
	    (o->cpu != DTRACE_CPU_ANY &&
	     dt_setopt_kernel(dtp, DTRACE_OPT_CPU, o->cpu)) ||
	    dt_options_cpu(dtp))
		return -1;
	dtp->opts_applied = true;
	return 0;
}
