// SPDX-License-Identifier: GPL-2.0
/*
 * USDT on the host, no kernel: provider declarations (errors too), the
 * dtrace -h / cc / dtrace -G / link round trip with the real compiler,
 * for a PIE executable at -O0 and -O2, a shared library and C++; the
 * notes read back with dt_usdt_read() carry the declared provider,
 * names and argument sizes, and their semaphores land in .probes; the
 * argument types and translation (": (...)") -G records come back for
 * the kernel (dt_usdt_types()); the programs run, their is-enabled
 * branches not taken.  And the argument spec parser on every operand
 * form.
 */
#include <gelf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_impl.h"
#include "dt_usdt.h"
#include "helpers.h"
#include "tap.h"

static char dir[] = "/tmp/dtrace-usdt-XXXXXX";

static const char provider_d[] =
	"provider myapp {\n"
	"\tprobe query__start(int id, const char *text, uint64_t ns);\n"
	"\tprobe tick();\n"
	"\tprobe twice(long);\n"
	"};\n"
	"provider other {\n"
	"\tprobe ping(char c, unsigned short s) :\n"
	"\t\t(unsigned short s, char c, char c);\n"
	"};\n";

static const char app_c[] =
	"#include <stdint.h>\n#include <stdio.h>\n#include \"provider.h\"\n"
	"static void twice(long v)\n{\n\tMYAPP_TWICE(v);\n\tMYAPP_TWICE(v + 1);\n}\n"
	"int main(int argc, char **argv)\n{\n\tint i, on = 0;\n\t(void)argv;\n"
	"\tfor (i = 0; i < 3 * argc; i++) {\n"
	"\t\tMYAPP_QUERY_START(i, \"hello\", (uint64_t)argc << 40);\n"
	"\t\tMYAPP_TICK();\n\t\ttwice(argc);\n"
	"\t\tOTHER_PING('x', (unsigned short)i);\n"
	"\t\tif (MYAPP_QUERY_START_ENABLED())\n\t\t\ton++;\n\t}\n"
	"\tprintf(\"on %d\\n\", on);\n\treturn 0;\n}\n";

static int run(const char *fmt, const char *a)
{
	char cmd[2048], inner[1536];
	int ret;

	snprintf(inner, sizeof(inner), fmt, a, a, a, a);
	snprintf(cmd, sizeof(cmd), "cd %s && %s >out 2>&1", dir, inner);
	ret = system(cmd);
	return WIFEXITED(ret) ? WEXITSTATUS(ret) : 128;
}

static void put(const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

static const char *slurp(const char *name)
{
	static char buf[4096];
	char path[256];
	size_t n = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "r");
	if (fp) {
		n = fread(buf, 1, sizeof(buf) - 1, fp);
		fclose(fp);
	}
	buf[n] = '\0';
	return buf;
}

/* [start, end) of section @name of @path; false if it has none. */
static bool section_range(const char *path, const char *name,
			  uint64_t *start, uint64_t *end)
{
	int fd = open(path, O_RDONLY);
	Elf_Scn *scn = NULL;
	bool found = false;
	size_t shstrndx;
	Elf *elf;

	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	while (elf && !elf_getshdrstrndx(elf, &shstrndx) &&
	       (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && !strcmp(n, name)) {
			*start = sh.sh_addr;
			*end = sh.sh_addr + sh.sh_size;
			found = true;
			break;
		}
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return found;
}

static const struct dt_usdt_site *find_site(const struct dt_usdt_site *s,
					    size_t n, const char *prov,
					    const char *name, size_t nth)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(s[i].provider, prov) && !strcmp(s[i].name, name) &&
		    nth-- == 0)
			return &s[i];
	return NULL;
}

/* The argument sizes of @args ("-4@%eax 8@%rbx"), as "-4 8". */
static const char *arg_sizes(const char *args)
{
	static char buf[128];
	const char *p = args;
	size_t len = 0;

	buf[0] = '\0';
	while (*p && len < sizeof(buf) - 8) {
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%ld",
					len ? " " : "", strtol(p, NULL, 10));
		p = strchr(p, ' ');
		if (!p)
			break;
		p++;
	}
	return buf;
}

/* What dt_usdt_types() gives site @s of @nargs arguments. */
static void check_types(const char *what, const struct dt_usdt_site *s,
			uint32_t nargs, uint32_t nxargs, const char *map,
			const char *types, size_t typeslen)
{
	struct dtrace_ioc_ftp_create c;
	char got[DTRACE_FTP_NARGS + 1];
	uint32_t i;

	memset(&c, 0, sizeof(c));
	c.nargs = nargs;
	dt_usdt_types(s, &c);
	for (i = 0; i < c.nxargs && i < DTRACE_FTP_NARGS; i++)
		got[i] = (char)('0' + c.argmap[i]);
	got[i] = '\0';
	tap_ok(c.nxargs == nxargs && !strcmp(got, map) &&
	       !memcmp(c.argtypes, types, typeslen) &&
	       !c.argtypes[typeslen],
	       "usdt %s: %s with %u arguments: %u typed, argmap '%s'", what,
	       s->name, nargs, nxargs, map);
}

static void check_notes(const char *what, const char *file)
{
	struct dt_usdt_site *s;
	const struct dt_usdt_site *q, *t0, *t1, *tk, *pg;
	uint64_t lo = 0, hi = 0;
	char path[256];
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (!tap_ok(dt_usdt_read(path, &s, &n) == 0, "usdt %s: notes read",
		    what))
		return;
	tap_is_int((int64_t)n, 5, "usdt %s: five sites", what);
	q = find_site(s, n, "myapp", "query__start", 0);
	tk = find_site(s, n, "myapp", "tick", 0);
	t0 = find_site(s, n, "myapp", "twice", 0);
	t1 = find_site(s, n, "myapp", "twice", 1);
	pg = find_site(s, n, "other", "ping", 0);
	tap_ok(q && tk && t0 && t1 && pg, "usdt %s: every probe has a site",
	       what);
	if (q && tk && t0 && t1 && pg) {
		tap_is_str(arg_sizes(q->args), "-4 8 8",
			   "usdt %s: query__start's argument sizes", what);
		tap_is_str(tk->args, "", "usdt %s: tick has no arguments",
			   what);
		tap_is_str(arg_sizes(t0->args), "-8",
			   "usdt %s: twice's argument size", what);
		tap_is_str(arg_sizes(pg->args), "-1 2",
			   "usdt %s: ping's argument sizes", what);
		check_types(what, q, 3, 3, "012",
			    "int\0char *\0uint64_t\0int\0char *\0uint64_t", 39);
		check_types(what, pg, 2, 3, "100",
			    "char\0unsigned short\0unsigned short\0char\0char",
			    44);
		check_types(what, tk, 0, 0, "", "", 0);
		check_types(what, pg, 1, 0, "", "", 0);
		tap_ok(t0->pc != t1->pc && t0->sema == t1->sema,
		       "usdt %s: two sites of twice, one semaphore", what);
		tap_ok(section_range(path, ".probes", &lo, &hi) &&
		       q->sema >= lo && q->sema + 2 <= hi &&
		       pg->sema >= lo && pg->sema + 2 <= hi &&
		       q->sema != pg->sema,
		       "usdt %s: semaphores are in .probes", what);
	}
	dt_usdt_free(s, n);
}

static void test_roundtrip(void)
{
	put("provider.d", provider_d);
	put("app.c", app_c);
	tap_is_int(run("%s -h -s provider.d", getenv("DTRACE_BIN")), 0,
		   "usdt: dtrace -h");
	tap_ok(strstr(slurp("provider.h"), "#define\tMYAPP_QUERY_START(arg0, "
		      "arg1, arg2)") != NULL, "usdt: the header has "
	       "MYAPP_QUERY_START(arg0, arg1, arg2)");
	tap_ok(strstr(slurp("provider.h"), "#define\tMYAPP_QUERY_START_ENABLED()")
	       != NULL, "usdt: and MYAPP_QUERY_START_ENABLED()");

	put("sleeper.c", "#include \"provider.h\"\n"
	    "int main(void)\n{\n\tMYAPP_TICK();\n\treturn sleep(0);\n}\n");
	tap_is_int(run("cc -Wall -Werror -c sleeper.c%.0s", ""), 0,
		   "usdt: the header includes <unistd.h>, as DTrace's does: "
		   "sleep() is declared");

	tap_is_int(run("cc -O2 -Wall -Wextra -Werror -c app.c && "
		       "%s -G -s provider.d app.o && cc -o app app.o provider.o "
		       "&& ./app", getenv("DTRACE_BIN")), 0,
		   "usdt: -O2 PIE: -G, link and run");
	tap_is_str(slurp("out"), "on 0\n", "usdt: -O2: is-enabled not taken");
	check_notes("-O2", "app");

	tap_is_int(run("cc -O0 -Wall -Wextra -Werror -c app.c && "
		       "%s -G -o p0.o -s provider.d app.o && "
		       "cc -o app0 app.o p0.o && ./app0", getenv("DTRACE_BIN")),
		   0, "usdt: -O0 with -G -o: link and run");
	check_notes("-O0", "app0");

	tap_is_int(run("cc -O2 -fPIC -Wall -Werror -Dmain=lib_main -c app.c "
		       "-o lib.o && %s -G -o libp.o -s provider.d lib.o && "
		       "cc -shared -o libapp.so lib.o libp.o",
		       getenv("DTRACE_BIN")), 0, "usdt: a shared library");
	check_notes("shared library", "libapp.so");

	put("app.cc", app_c);
	tap_is_int(run("c++ -O2 -Wall -Werror -c app.cc -o appxx.o && "
		       "%s -G -o pxx.o -s provider.d appxx.o && "
		       "c++ -o appxx appxx.o pxx.o && ./appxx",
		       getenv("DTRACE_BIN")), 0, "usdt: C++");

	tap_ok(run("%s -G -s provider.d provider.d", getenv("DTRACE_BIN")) == 1 &&
	       strstr(slurp("out"), "not an ELF relocatable object"),
	       "usdt: -G refuses an operand that is not an object");
	tap_ok(run("%s -G -s provider.d nothere.o", getenv("DTRACE_BIN")) == 1 &&
	       strstr(slurp("out"), "failed to open nothere.o: No such file"),
	       "usdt: -G says when an operand does not exist");
}

/* Provider declarations the compiler refuses, with their tags. */
static void test_decl_errors(void)
{
	static const struct {
		const char *src, *tag;
	} bad[] = {
		{ "provider p { probe a(); probe a(); };", "D_PROV_PRDUP" },
		{ "provider p { probe a(); }; provider p { probe b(); };",
		  "D_PROV_PRDUP" },
		{ "provider p { probe a(struct foo_never_declared_x); };",
		  "D_" },
		{ "struct s { int a; }; provider p { probe a(struct s); };",
		  "D_PROV_PRARGTYPE" },
		{ "provider p { probe a(double); };", "D_PROV_PRARGTYPE" },
		{ "provider p { probe a(int, int, int, int, int, int, int, "
		  "int, int, int, int, int, int, int, int, int, int, int, int, "
		  "int, int, int, int, int, int, int, int, int, int, int, "
		  "int); };", "D_PROV_PRARGLEN" },
		{ "provider p2 { probe a(); };", "D_PROV_PRNAME" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		dtrace_hdl_t *dtp = t_open();
		dtrace_prog_t *pgp;

		pgp = dtrace_program_strcompile(dtp, bad[i].src,
						DTRACE_PROBESPEC_NAME,
						DTRACE_C_ZDEFS);
		tap_ok(!pgp && !strncmp(dtrace_errtag(dtp), bad[i].tag,
					strlen(bad[i].tag)),
		       "usdt: refused with %s: %s", bad[i].tag, bad[i].src);
		dtrace_close(dtp);
	}
}

/* The argument specs dt_usdt_args() reads. */
static void test_args(void)
{
	static const struct {
		const char *spec;
		int kind, size, base, index, scale;
		long long value;
	} ok[] = {
		{ "-4@%edi", DTRACE_FTARG_REG, -4, 14, 0xff, 0, 0 },
		{ "8@%rax", DTRACE_FTARG_REG, 8, 10, 0xff, 0, 0 },
		{ "1@%r9b", DTRACE_FTARG_REG, 1, 8, 0xff, 0, 0 },
		{ "-2@%r15w", DTRACE_FTARG_REG, -2, 0, 0xff, 0, 0 },
		{ "8@$-5", DTRACE_FTARG_IMM, 8, 0xff, 0xff, 0, -5 },
		{ "4@$0x10", DTRACE_FTARG_IMM, 4, 0xff, 0xff, 0, 16 },
		{ "8@-24(%rbp)", DTRACE_FTARG_MEM, 8, 4, 0xff, 0, -24 },
		{ "-4@(%rsp)", DTRACE_FTARG_MEM, -4, 19, 0xff, 0, 0 },
		{ "8@16(%rax,%rbx,8)", DTRACE_FTARG_MEM, 8, 10, 5, 8, 16 },
		{ "2@(,%rcx,2)", DTRACE_FTARG_MEM, 2, 0xff, 11, 2, 0 },
		{ "%rsi", DTRACE_FTARG_REG, 8, 13, 0xff, 0, 0 },
		{ "8@0x1000(%rip)", DTRACE_FTARG_MEM, 8, 16, 0xff, 0,
		  0x1000 - 0x400 },
	};
	static const char *const bad[] = {
		"3@%eax", "8@%xyz", "8@(%rax", "8@$", "8@12(%rax,%rip)",
		"8@%rip",
	};
	struct dt_usdt_site s = { .pc = 0x400 };
	dtrace_hdl_t *dtp = t_open();
	struct dtrace_ftarg a[DTRACE_FTP_NARGS];
	uint32_t n;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		s.args = (char *)ok[i].spec;
		tap_ok(dt_usdt_args(dtp, "/nonexistent", &s, a, &n) == 0 &&
		       n == 1 && a[0].kind == ok[i].kind &&
		       a[0].size == ok[i].size && a[0].base == ok[i].base &&
		       a[0].index == ok[i].index &&
		       a[0].scale == ok[i].scale && a[0].value == ok[i].value,
		       "usdt: argument %s", ok[i].spec);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		s.args = (char *)bad[i];
		tap_ok(dt_usdt_args(dtp, "/nonexistent", &s, a, &n) != 0,
		       "usdt: argument %s refused", bad[i]);
	}
	s.args = "-4@%edi 8@%rsi $1 8@$2 8@$3 8@$4 8@$5 8@$6 8@$7 8@$8 8@$9";
	tap_ok(dt_usdt_args(dtp, "/nonexistent", &s, a, &n) == 0 &&
	       n == DTRACE_FTP_NARGS && a[9].value == 8,
	       "usdt: of eleven arguments the first ten are read");
	dtrace_close(dtp);
}

void test_usdt(void)
{
	char cmd[256];

	test_args();
	test_decl_errors();
	if (!getenv("DTRACE_BIN") || system("cc --version >/dev/null 2>&1")) {
		tap_ok(true, "usdt # SKIP no DTRACE_BIN or no cc");
		return;
	}
	if (!mkdtemp(dir)) {
		tap_ok(false, "usdt: mkdtemp");
		return;
	}
	test_roundtrip();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		tap_diag("could not remove %s", dir);
}
