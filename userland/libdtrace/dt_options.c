// SPDX-License-Identifier: GPL-2.0
/*
 * Options set with -x name=value, #pragma D option and the command's
 * flags: their table, value parsing (sizes with k/m/g/t suffixes, rates
 * in hz or as a time), and the monotonic clock the consumer runs by.
 * Options the kernel needs are sent at dtrace_go() (dt_work.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "dt_impl.h"

#define DT_NSEC_PER_SEC	1000000000ULL

void dt_options_init(struct dt_options *opt)
{
	memset(opt, 0, sizeof(*opt));
	opt->bufsize = DTRACE_BUFSIZE_DEFAULT;
	opt->strsize = DTRACE_STRSIZE_DEFAULT;
	opt->switchrate = DT_NSEC_PER_SEC;	/* 1hz */
	opt->bufpolicy = DTRACE_BUFPOLICY_SWITCH;
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

static int dt_opt_bool(const char *val, bool *b)
{
	if (val && *val && strcmp(val, "1") && strcasecmp(val, "set"))
		return -1;
	*b = true;
	return 0;
}

/**
 * dtrace_setopt() - set an option by name
 * @dtp: the handle
 * @opt: option name
 * @val: value, NULL for a flag
 *
 * Return: 0, or -1 with EDT_BADOPTNAME, EDT_BADOPTVAL, or EDT_ACTIVE
 * for a buffer option once tracing has started.
 */
int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	struct dt_options *o = &dtp->opt;
	uint64_t v;

	if (!strcmp(opt, "quiet"))
		return dt_opt_bool(val, &o->quiet) ?
		       dt_set_errno(dtp, EDT_BADOPTVAL) : 0;
	if (!strcmp(opt, "errtags"))
		return dt_opt_bool(val, &o->errtags) ?
		       dt_set_errno(dtp, EDT_BADOPTVAL) : 0;
	if (!strcmp(opt, "zdefs"))
		return dt_opt_bool(val, &o->zdefs) ?
		       dt_set_errno(dtp, EDT_BADOPTVAL) : 0;
	if (!strcmp(opt, "switchrate")) {
		if (dt_opt_rate(val, &v))
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		o->switchrate = v;
		return 0;
	}

	if (strcmp(opt, "bufsize") && strcmp(opt, "strsize") &&
	    strcmp(opt, "bufpolicy"))
		return dt_set_errno(dtp, EDT_BADOPTNAME);
	if (dtp->active)
		return dt_set_errno(dtp, EDT_ACTIVE);

	if (!strcmp(opt, "bufpolicy")) {
		if (!val || strcmp(val, "switch"))
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		o->bufpolicy = DTRACE_BUFPOLICY_SWITCH;
		return 0;
	}
	if (dt_opt_size(val, &v))
		return dt_set_errno(dtp, EDT_BADOPTVAL);
	if (!strcmp(opt, "bufsize")) {
		if (v < DTRACE_BUFSIZE_MIN || v > DTRACE_BUFSIZE_MAX)
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		o->bufsize = v;
	} else {
		if (v < 2 || v > DTRACE_STRSIZE_MAX)
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		o->strsize = v;
	}
	return 0;
}

int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val)
{
	const struct dt_options *o = &dtp->opt;

	if (!strcmp(opt, "quiet"))
		*val = o->quiet;
	else if (!strcmp(opt, "errtags"))
		*val = o->errtags;
	else if (!strcmp(opt, "zdefs"))
		*val = o->zdefs;
	else if (!strcmp(opt, "bufsize"))
		*val = (int64_t)o->bufsize;
	else if (!strcmp(opt, "strsize"))
		*val = (int64_t)o->strsize;
	else if (!strcmp(opt, "switchrate"))
		*val = (int64_t)o->switchrate;
	else if (!strcmp(opt, "bufpolicy"))
		*val = o->bufpolicy;
	else
		return dt_set_errno(dtp, EDT_BADOPTNAME);
	return 0;
}
