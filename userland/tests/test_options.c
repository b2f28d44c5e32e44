// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_setopt(): option names, size and rate suffixes, ranges, and
 * the kernel's options refused once sent; -C's preprocessor run by
 * dt_cpp_run() with -D, -U and -I (needs gcc, as dtrace -C does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "helpers.h"
#include "tap.h"

static void test_cpp(void)
{
	dtrace_hdl_t *dtp = t_open();
	char dir[] = "/tmp/dtrace-cpp-XXXXXX", path[64];
	const char *src = "#include \"inc.h\"\nBEGIN { trace(N + M); }\n"
			  "#ifdef GONE\nbad\n#endif\n";
	size_t len;
	char *out;
	FILE *fp;

	if (system("command -v gcc >/dev/null 2>&1")) {
		tap_ok(true, "cpp # SKIP no gcc");
		dtrace_close(dtp);
		return;
	}
	if (!mkdtemp(dir)) {
		tap_ok(false, "cpp: mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/inc.h", dir);
	fp = fopen(path, "w");
	fputs("#define M 5\n", fp);
	fclose(fp);
	tap_is_int(dtrace_cpp_option(dtp, 'D', "N=40"), 0, "cpp: -D N=40");
	tap_is_int(dtrace_cpp_option(dtp, 'D', "GONE"), 0, "cpp: -D GONE");
	tap_is_int(dtrace_cpp_option(dtp, 'U', "GONE"), 0, "cpp: -U GONE");
	tap_is_int(dtrace_cpp_option(dtp, 'I', dir), 0, "cpp: -I dir");
	tap_is_int(dtrace_cpp_option(dtp, 'D', ""), -1, "cpp: -D ''");
	tap_is_int(dtrace_cpp_option(dtp, 'X', "a"), -1, "cpp: -X");

	out = dt_cpp_run(dtp, src, strlen(src), &len);
	tap_ok(out && strstr(out, "BEGIN { trace(40 + 5); }"),
	       "cpp: macros and the include expanded");
	tap_ok(out && !strstr(out, "bad"), "cpp: -U undefines");
	tap_ok(out && strstr(out, "# 1 \"/dev/stdin\"") &&
	       strstr(out, "# 2 \"/dev/stdin\""),
	       "cpp: line markers name standard input, as DTrace's do");
	tap_ok(out && len == strlen(out), "cpp: length");
	free(out);

	out = dt_cpp_run(dtp, "#error stop\n", 12, &len);
	tap_ok(!out, "cpp: #error fails");
	tap_is_int(dtrace_errno(dtp), EDT_COMPILER, "cpp: ... EDT_COMPILER");
	tap_is_str(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		   "Preprocessor failed to process input program",
		   "cpp: ... its message");
	unlink(path);
	rmdir(dir);
	dtrace_close(dtp);
}

static int64_t opt(dtrace_hdl_t *dtp, const char *name)
{
	int64_t v = -1;

	dtrace_getopt(dtp, name, &v);
	return v;
}

/* Values of an on/off option, and what each makes it. */
static const struct {
	const char *val;
	int set;
} flagvals[] = {
	{ "true", 1 }, { "false", 0 }, { "yes", 1 }, { "no", 0 },
	{ "set", 1 }, { "unset", 0 },
};

void test_options(void)
{
	dtrace_hdl_t *dtp = t_open();
	unsigned int i;

	tap_is_int(opt(dtp, "bufsize"), 4 << 20, "opt: default bufsize");
	tap_is_int(opt(dtp, "strsize"), 256, "opt: default strsize");
	tap_is_int(opt(dtp, "switchrate"), 1000000000, "opt: default 1hz");
	tap_is_int(dtrace_setopt(dtp, "bufsize", "16k"), 0, "opt: bufsize=16k");
	tap_is_int(opt(dtp, "bufsize"), 16384, "opt: 16k is 16384");
	dtrace_setopt(dtp, "bufsize", "2m");
	tap_is_int(opt(dtp, "bufsize"), 2 << 20, "opt: 2m");
	dtrace_setopt(dtp, "bufsize", "1g");
	tap_is_int(opt(dtp, "bufsize"), 1 << 30, "opt: 1g");
	dtrace_setopt(dtp, "bufsize", "8192");
	tap_is_int(opt(dtp, "bufsize"), 8192, "opt: plain bytes");
	tap_is_int(dtrace_setopt(dtp, "bufsize", "0"), -1,
		   "opt: bufsize below the minimum (1 byte)");
	tap_is_int(dtrace_errno(dtp), EDT_BADOPTVAL, "opt: ... is EDT_BADOPTVAL");
	tap_is_int(dtrace_setopt(dtp, "bufsize", "4q"), -1, "opt: bad suffix");
	tap_is_int(dtrace_setopt(dtp, "bufsize", NULL), -1, "opt: no value");
	tap_is_int(dtrace_setopt(dtp, "strsize", "32"), 0, "opt: strsize");
	tap_is_int(opt(dtp, "strsize"), 32, "opt: strsize=32");
	dtrace_setopt(dtp, "strsize", "256");
	dtrace_setopt(dtp, "switchrate", "10hz");
	tap_is_int(opt(dtp, "switchrate"), 100000000, "opt: 10hz");
	dtrace_setopt(dtp, "switchrate", "250ms");
	tap_is_int(opt(dtp, "switchrate"), 250000000, "opt: 250ms");
	dtrace_setopt(dtp, "switchrate", "2s");
	tap_is_int(opt(dtp, "switchrate"), 2000000000, "opt: 2s");
	dtrace_setopt(dtp, "switchrate", "4");
	tap_is_int(opt(dtp, "switchrate"), 250000000, "opt: bare number is hz");
	tap_is_int(dtrace_setopt(dtp, "switchrate", "0hz"), -1, "opt: 0hz");
	tap_is_int(dtrace_setopt(dtp, "quiet", NULL), 0, "opt: quiet");
	tap_is_int(opt(dtp, "quiet"), 1, "opt: quiet is set");
	tap_is_int(dtrace_setopt(dtp, "bufpolicy", "switch"), 0,
		   "opt: bufpolicy=switch");
	tap_is_int(dtrace_setopt(dtp, "bufpolicy", "ring"), 0,
		   "opt: bufpolicy=ring");
	tap_is_int(dtrace_setopt(dtp, "bufpolicy", "wrap"), -1,
		   "opt: bufpolicy=wrap refused");
	tap_is_int(opt(dtp, "dynvarsize"), 1 << 20, "opt: default dynvarsize");
	tap_is_int(dtrace_setopt(dtp, "dynvarsize", "4k"), 0,
		   "opt: dynvarsize=4k");
	tap_is_int(opt(dtp, "dynvarsize"), 4096, "opt: dynvarsize is 4096");
	tap_is_int(dtrace_setopt(dtp, "dynvarsize", "0"), -1,
		   "opt: dynvarsize below the minimum (1 byte)");
	tap_is_int(opt(dtp, "scratchsize"), 64 << 10,
		   "opt: default scratchsize");
	tap_is_int(dtrace_setopt(dtp, "scratchsize", "1m"), 0,
		   "opt: scratchsize=1m");
	tap_is_int(dtrace_setopt(dtp, "scratchsize", "32m"), -1,
		   "opt: scratchsize above the maximum");
	tap_is_int(opt(dtp, "stackframes"), 20, "opt: default stackframes");
	tap_is_int(opt(dtp, "ustackframes"), 100, "opt: default ustackframes");
	tap_is_int(dtrace_setopt(dtp, "stackframes", "5"), 0,
		   "opt: stackframes=5");
	tap_is_int(opt(dtp, "stackframes"), 5, "opt: stackframes is 5");
	tap_is_int(dtrace_setopt(dtp, "stackframes", "0"), -1,
		   "opt: stackframes=0");
	tap_is_int(dtrace_setopt(dtp, "ustackframes", "129"), -1,
		   "opt: ustackframes above 128");
	tap_is_int(dtrace_setopt(dtp, "ustackframes", "5k"), -1,
		   "opt: a count takes no suffix");
	tap_is_int(dtrace_setopt(dtp, "destructive", NULL), 0,
		   "opt: destructive");
	tap_is_int(opt(dtp, "destructive"), 1, "opt: destructive is set");
	tap_is_int(dtrace_setopt(dtp, "defaultargs", "set"), 0,
		   "opt: defaultargs=set");
	tap_is_int(dtrace_setopt(dtp, "quiet", "2"), -1, "opt: quiet=2");
	/* as setopt("aggsortkey", "false") or setopt("quiet", "no") in DTrace */
	for (i = 0; i < DT_ARRAY_SIZE(flagvals); i++) {
		tap_is_int(dtrace_setopt(dtp, "aggsortkey", flagvals[i].val), 0,
			   "opt: aggsortkey=%s", flagvals[i].val);
		tap_is_int(opt(dtp, "aggsortkey"), flagvals[i].set,
			   "opt: aggsortkey=%s sets it to %d", flagvals[i].val,
			   flagvals[i].set);
	}
	tap_is_int(opt(dtp, "statusrate"), 100000000, "opt: default statusrate");
	tap_is_int(dtrace_setopt(dtp, "statusrate", "50ms"), 0,
		   "opt: statusrate=50ms");
	tap_is_int(opt(dtp, "statusrate"), 50000000, "opt: statusrate is 50ms");
	tap_is_int(dtrace_setopt(dtp, "cleanrate", "2000hz"), 0,
		   "opt: cleanrate=2000hz, as DTrace takes it");
	tap_is_int(opt(dtp, "cleanrate"), 500000, "opt: cleanrate is 500us");
	tap_is_int(dtrace_setopt(dtp, "cleanrate", "fast"), -1,
		   "opt: cleanrate=fast is no rate");
	tap_is_int(dtrace_setopt(dtp, "rawbytes", NULL), 0, "opt: rawbytes");
	dtp->opts_applied = true;
	tap_is_int(dtrace_setopt(dtp, "bufsize", "8k"), -1,
		   "opt: bufsize after the options went to the kernel");
	tap_is_int(dtrace_errno(dtp), EDT_ACTIVE, "opt: ... is EDT_ACTIVE");
	tap_is_int(dtrace_setopt(dtp, "switchrate", "10hz"), 0,
		   "opt: switchrate is userland's, still settable");
	dtp->opts_applied = false;
	tap_is_int(dtrace_setopt(dtp, "nosuch", "1"), -1, "opt: unknown");
	tap_is_str(dtrace_errmsg(dtp, dtrace_errno(dtp)), "Invalid option name",
		   "opt: unknown option message");
	dtrace_close(dtp);
	test_cpp();
}
