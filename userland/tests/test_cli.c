// SPDX-License-Identifier: GPL-2.0
/*
 * The dtrace command end to end on the host: the real binary runs with
 * tests/mockdev.so preloaded in place of /dev/dtrace, and its stdout,
 * stderr and exit status are compared exactly.  The Makefile passes the
 * paths in DTRACE_BIN and DTRACE_MOCKDEV; without them this suite skips.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"

#define HDR	"CPU     ID                    FUNCTION:NAME\n"

static char tmpdir[] = "/tmp/dtrace-cli-XXXXXX";

static char *slurp(const char *name)
{
	static char bufs[2][8192];
	static int which;
	char path[256], *b = bufs[which ^= 1];
	FILE *fp;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "r");
	n = fp ? fread(b, 1, sizeof(bufs[0]) - 1, fp) : 0;
	b[n] = '\0';
	if (fp)
		fclose(fp);
	return b;
}

static void put(const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fp = fopen(path, "w");
	fputs(text, fp);
	fclose(fp);
}

/*
 * Run "dtrace @args" (shell syntax) in the temporary directory with
 * environment @env; compare stdout, stderr and status.
 */
static void cli(const char *env, const char *args, const char *out,
		const char *err, int status)
{
	char cmd[2048];
	int ret;

	snprintf(cmd, sizeof(cmd),
		 "cd %s && env LD_PRELOAD=%s %s %s %s >stdout 2>stderr </dev/null",
		 tmpdir, getenv("DTRACE_MOCKDEV"), env ? env : "",
		 getenv("DTRACE_BIN"), args);
	ret = system(cmd);
	ret = WIFEXITED(ret) ? WEXITSTATUS(ret) : 128;
	tap_is_int(ret, status, "cli: dtrace %s: exit status", args);
	if (out)
		tap_is_str(slurp("stdout"), out, "cli: dtrace %s: stdout", args);
	if (err)
		tap_is_str(slurp("stderr"), err, "cli: dtrace %s: stderr", args);
}

/*
 * "dtrace @args" compiling the D library as a program needs it, and
 * with all of it compiled first ($DTRACE_LIB_ALL): the same stdout,
 * stderr and status.
 */
static void cli_lib_same(const char *args)
{
	char cmd[2048], lazy[8192];
	int ret, ret_all;

	snprintf(cmd, sizeof(cmd),
		 "cd %s && env LD_PRELOAD=%s %s %s >stdout 2>&1 </dev/null",
		 tmpdir, getenv("DTRACE_MOCKDEV"), getenv("DTRACE_BIN"), args);
	ret = system(cmd);
	snprintf(lazy, sizeof(lazy), "%s", slurp("stdout"));
	snprintf(cmd, sizeof(cmd),
		 "cd %s && env LD_PRELOAD=%s DTRACE_LIB_ALL=1 %s %s >stdout 2>&1 </dev/null",
		 tmpdir, getenv("DTRACE_MOCKDEV"), getenv("DTRACE_BIN"), args);
	ret_all = system(cmd);
	tap_ok(ret == ret_all && !strcmp(lazy, slurp("stdout")) && *lazy,
	       "cli: library as needed, as all of it: dtrace %s: %d %d\n%s\n%s",
	       args, ret, ret_all, lazy, slurp("stdout"));
}

/* The library files "dtrace -x debug @args" compiled, in order. */
static const char *cli_libs(const char *args)
{
	static char libs[1024];
	char *p, *q;

	cli(NULL, args, NULL, NULL, 0);
	libs[0] = '\0';
	for (p = slurp("stderr"); (p = strstr(p, ": library ")); p = q) {
		p += 10;
		q = strstr(p, " compiled\n");
		if (!q)
			break;
		snprintf(libs + strlen(libs), sizeof(libs) - strlen(libs),
			 "%s%.*s", libs[0] ? " " : "", (int)(q - p), p);
	}
	return libs;
}

/*
 * Stores into part of a dynamic variable (a member or an array element
 * of a self-> variable or an associative array element): the first one
 * makes the variable, zero-filled but for the part stored, as in
 * DTrace; a missing one reads as zeroes.
 */
static void cli_dyn_parts(void)
{
	put("dynpart.d",
	    "struct in { short p; int q[3]; };\n"
	    "struct s { int a; long b; struct in i; };\n"
	    "self struct s x;\n"
	    "self struct s sa[int];\n"
	    "struct s ga[string, int];\n"
	    "self int arr[4];\n"
	    "this struct s t;\n"
	    "BEGIN {\n"
	    "\tprintf(\"unset %d %d %d\\n\", self->x.a, self->sa[7].i.q[2], ga[\"z\", 1].b);\n"
	    "\tself->x.a = 3; self->x.b += 5; self->x.b++;\n"
	    "\tself->x.i.q[1] = 9; self->x.i.p = -2;\n"
	    "\tprintf(\"x %d %d %d %d %d\\n\", self->x.a, self->x.b, self->x.i.q[1], self->x.i.p, self->x.i.q[0]);\n"
	    "\tself->sa[7].i.q[2] = 11; self->sa[8].a = 12;\n"
	    "\tprintf(\"sa %d %d %d\\n\", self->sa[7].i.q[2], self->sa[8].a, self->sa[7].a);\n"
	    "\tk = 0; ga[\"k\", k++].a = 21; ga[\"k\", 0].b = 22;\n"
	    "\tprintf(\"ga %d %d %d %d\\n\", ga[\"k\", 0].a, ga[\"k\", 0].b, ga[\"k\", 1].a, k);\n"
	    "\tself->arr[2] = 5; self->arr[3] = self->arr[2] + 1;\n"
	    "\tprintf(\"arr %d %d %d\\n\", self->arr[0], self->arr[2], self->arr[3]);\n"
	    "\tthis->t.a = 31; this->t.i.q[2] = 32;\n"
	    "\tprintf(\"this %d %d\\n\", this->t.a, this->t.i.q[2]);\n"
	    "\tself->x = 0; ga[\"k\", 0] = 0;\n"
	    "\tprintf(\"freed %d %d\\n\", self->x.a, ga[\"k\", 0].b);\n"
	    "\texit(0);\n"
	    "}\n"
	    "ERROR { printf(\"error\\n\"); exit(1); }\n");
	cli(NULL, "-q -s dynpart.d",
	    "unset 0 0 0\nx 3 6 9 -2 0\nsa 11 12 0\nga 21 22 0 1\n"
	    "arr 0 5 6\nthis 31 32\nfreed 0 0\n\n", "", 0);
	/*
	 * An associative array of arrays: its elements are indexed, and a
	 * store past either end of one faults (here, with no scratch
	 * allocated before it in the clause).
	 */
	put("dynarr.d",
	    "int a[int][4];\n"
	    "BEGIN {\n"
	    "\tprintf(\"%d %d\\n\", a[2][1], sizeof(a[2]));\n"
	    "\ta[1][3] = 0xdeadbeef; a[1][0] = 1;\n"
	    "\tprintf(\"%x %d %d %d\\n\", a[1][3], a[1][0], a[1][1], a[2][3]);\n"
	    "}\n"
	    "BEGIN { this->i = 4; a[1][this->i] = 5; }\n"
	    "BEGIN { this->i = -1; a[1][this->i] = 5; }\n"
	    "BEGIN { printf(\"%d %d\\n\", a[1][0], a[1][3] == 0xdeadbeef); exit(0); }\n"
	    "ERROR { printf(\"fault %d\\n\", arg4); }\n");
	cli(NULL, "-q -s dynarr.d",
	    "0 16\ndeadbeef 1 0 0\nfault 1\nfault 1\n1 1\n\n", NULL, 0);
}

/*
 * A string member of a D struct holds the string (strsize bytes when it
 * was declared), as in DTrace: stored and read in a global, a self->
 * variable and an associative array element, cut to the member's size
 * with a NUL, compared and copied with its struct.
 */
static void cli_string_members(void)
{
	put("strmem.d",
	    "struct s { int a; string n; };\n"
	    "struct s g, h;\n"
	    "self struct s t;\n"
	    "struct s arr[int];\n"
	    "BEGIN {\n"
	    "\tg.a = 1; g.n = \"hello\";\n"
	    "\tself->t.n = strjoin(\"thr\", \"ead\"); self->t.a = 2;\n"
	    "\tarr[3].n = \"assoc\"; arr[3].a = 3;\n"
	    "\th = g; g.n = \"bye\";\n"
	    "\tprintf(\"%d %s|%d %s|%d %s|%s %d|%d %d\\n\", g.a, g.n, self->t.a,\n"
	    "\t    self->t.n, arr[3].a, arr[3].n, h.n, strlen(arr[4].n),\n"
	    "\t    sizeof(struct s), g.n == \"bye\");\n"
	    "\texit(0);\n"
	    "}\n"
	    "ERROR { printf(\"error\\n\"); exit(1); }\n");
	cli(NULL, "-q -s strmem.d",
	    "1 bye|2 thread|3 assoc|hello 0|260 1\n\n", "", 0);
	/* strsize 8 when declared: the member holds 7 characters */
	cli(NULL, "-q -x strsize=8 -n 'struct s { string n; int a; }; struct s g;"
	    " BEGIN { g.n = \"truncated\"; g.a = 5; printf(\"%s %d %d\\n\","
	    " g.n, g.a, sizeof(g)); exit(0) }'", "truncat 5 12\n\n", "", 0);
	/* the bytes after the NUL are NULs, not what followed the source */
	cli(NULL, "-q -n 'struct s { int a; string n; }; struct s g;"
	    " BEGIN { g.n = \"xy\"; this->t = \"pqrs\"; printf(\"%d %d %s\\n\","
	    " g.n[3], g.n[4], this->t); exit(0) }'", "0 0 pqrs\n\n", "", 0);
	/* through a pointer: into scratch, and a fault anywhere else */
	cli(NULL, "-q -n 'struct s { int a; string n; };"
	    " BEGIN { p = (struct s *)alloca(sizeof(struct s)); p->n = \"in\";"
	    " printf(\"%s\\n\", p->n); }"
	    " BEGIN { q = (struct s *)8; q->n = \"no\"; }"
	    " ERROR { printf(\"fault %d\\n\", arg4); exit(0) }'",
	    "in\nfault 1\n\n", NULL, 0);
}

void test_cli(void)
{
	char cmd[256];
	int i;

	if (!getenv("DTRACE_BIN") || !getenv("DTRACE_MOCKDEV")) {
		tap_ok(true, "cli # SKIP DTRACE_BIN/DTRACE_MOCKDEV not set");
		return;
	}
	if (!mkdtemp(tmpdir)) {
		tap_ok(false, "cli: mkdtemp");
		return;
	}

	cli(NULL, "-n 'BEGIN { trace(\"hello\"); exit(0) }'",
	    HDR "  0      1                           :BEGIN   hello                            \n\n",
	    "dtrace: description 'BEGIN ' matched 1 probe\n", 0);
	/* setopt() with a value computed when the probe fires */
	cli(NULL, "-q -n 'BEGIN { setopt(\"nosuchopt\", strjoin(\"a\", \"b\")); exit(0) }'",
	    "\n", "dtrace: couldn't set option \"nosuchopt\" to \"ab\": Invalid option name\n", 0);
	/*
	 * -x core: when it is done, its output out, dtrace dumps core (its
	 * core size limit raised): it dies of SIGABRT, 128 + 6 to sh (which
	 * says so on stderr).
	 */
	cli(NULL, "-q -x core -n 'BEGIN { trace(\"hello\"); exit(0) }'",
	    "hello\n", NULL, 134);
	/*
	 * -v: the minimum over the parts each description names (BEGIN:
	 * its name; syscall::read:entry: provider, function, name), and
	 * the arguments' of a clause that reads them.
	 */
	cli(NULL, "-v -q -n 'BEGIN, syscall::read:entry { trace(arg0); exit(0) }'",
	    "\nStability attributes for description BEGIN, syscall::read:entry :\n"
	    "\n\tMinimum Probe Description Attributes\n"
	    "\t\tIdentifier Names: Unstable\n"
	    "\t\tData Semantics:   Unstable\n"
	    "\t\tDependency Class: ISA\n"
	    "\n\tMinimum Statement Attributes\n"
	    "\t\tIdentifier Names: Unstable\n"
	    "\t\tData Semantics:   Unstable\n"
	    "\t\tDependency Class: ISA\n\n"
	    "0\n", "", 0);
	cli(NULL, "-v -q -n 'dtrace:::BEGIN { exit(0) }'",
	    "\nStability attributes for description dtrace:::BEGIN :\n"
	    "\n\tMinimum Probe Description Attributes\n"
	    "\t\tIdentifier Names: Stable\n"
	    "\t\tData Semantics:   Stable\n"
	    "\t\tDependency Class: Common\n"
	    "\n\tMinimum Statement Attributes\n"
	    "\t\tIdentifier Names: Stable\n"
	    "\t\tData Semantics:   Stable\n"
	    "\t\tDependency Class: Common\n\n\n", "", 0);
	cli(NULL, "-q -n 'BEGIN { printf(\"%s-%d\\n\", probename, 42); exit(7) }'",
	    "BEGIN-42\n\n", "", 7);
	/* trace() of an integer: signed as its type, as wide as its size */
	cli(NULL, "-n 'BEGIN { trace((uint32_t)-1); trace((uint64_t)-1);"
	    " trace((int64_t)-1); trace((int)7); exit(0) }'",
	    HDR "  0      1                           :BEGIN  4294967295"
	    " 18446744073709551615                  -1          7\n\n",
	    NULL, 0);
	cli(NULL, "-q -n 'BEGIN { trace((uint32_t)-1); trace(\"/\");"
	    " trace((uint64_t)-1); exit(0) }'",
	    "4294967295/18446744073709551615\n", NULL, 0);
	/* strsize counts characters: a string of strsize characters is whole */
	cli(NULL, "-q -x strsize=4 -n 'BEGIN { self->x = \"abcd\"; y = \"wxyz\";"
	    " trace(self->x); trace(y); trace(\"abcdef\"); exit(0) }'",
	    "abcdwxyzabcd\n", NULL, 0);
	/* the D library's signal names, for raise() */
	cli(NULL, "-q -n 'BEGIN { printf(\"%d %d %d %d\\n\", SIGINT, SIGKILL,"
	    " SIGCHLD, SIGRTMAX); exit(0) }'", "2 9 17 64\n\n", NULL, 0);
	/* the default action is a clause's with no statement, not a store's */
	cli(NULL, "-n 'BEGIN { n = 1; } BEGIN { self->t = n + 2; } BEGIN { }'"
	    " -n 'BEGIN { trace(self->t); exit(0) }'",
	    HDR "  0      1                           :BEGIN \n"
	    "  0      1                           :BEGIN           3\n\n",
	    "dtrace: description 'BEGIN ' matched 3 probes\n"
	    "dtrace: description 'BEGIN ' matched 1 probe\n", 0);
	cli(NULL, "-n BEGIN -n 'BEGIN{exit(0)}'",
	    HDR "  0      1                           :BEGIN \n"
	    "  0      1                           :BEGIN \n\n",
	    "dtrace: description 'BEGIN' matched 1 probe\n"
	    "dtrace: description 'BEGIN' matched 1 probe\n", 0);
	cli(NULL, "-q -n 'BEGIN /pid > 0 && execname == \"dtrace\"/ { trace(\"a\") }"
	    " BEGIN /0/ { trace(\"b\") } BEGIN { exit(0) }'", "a\n", "", 0);
	cli(NULL, "-q -n 'BEGIN { exit(2); } END { printf(\"end %d\\n\", 1) }'",
	    "end 1\n\n", "", 2);
	cli(NULL, "-q -n 'tick-100ms { printf(\"tick\\n\"); exit(0) }'",
	    "tick\n\n", "", 0);
	/*
	 * A SIGINT ends tracing at once wherever it comes: at each of the
	 * first clock readings after GO in turn (mockdev.c), so one falls
	 * between the loop's test of its flag and its sleep, which an
	 * hour's switchrate and statusrate make an hour long (dtrace,
	 * KILLed by timeout after 60 s, exits 137).  Past the readings
	 * before the sleep, the mock's SIGINT comes 5 s into it.
	 */
	for (i = 1; i <= 8; i++) {
		char env[128];

		snprintf(env, sizeof(env),
			 "DTRACE_MOCK_SIGINT_AT=%d timeout -s KILL 60", i);
		cli(env, "-q -x switchrate=1h -x statusrate=1h"
		    " -n 'BEGIN { trace(\"a\") }'", "a\n", "", 0);
	}
	/* curcpu: sched.d's translator over _cpuinfo() (hostenv.c's CPUs) */
	cli(NULL, "-q -n 'BEGIN { printf(\"%d %d %d %d %d %s %d %d\\n\", curcpu->cpu_id,"
	    " cpu, pset, chip, lgrp, curcpu->cpu_info.pi_processor_type,"
	    " curcpu->cpu_info.pi_clock, curcpu->cpu_info.pi_state == P_ONLINE);"
	    " exit(0) }'",
	    "0 0 -1 0 0 x86_64 1000 1\n\n", "", 0);
	/* a struct member, *p and p[i] of struct type take a whole struct */
	cli(NULL, "-q -n 'struct xy { int x, y; }; struct two { struct xy a, b; };"
	    " struct two G; this struct two l; struct xy Q; BEGIN { Q.x = 3; Q.y = 4;"
	    " this->l.b.x = 5; this->l.b.y = 6; G.a = this->l.b; this->l.a = Q;"
	    " p = (struct xy *)alloca(2 * sizeof(struct xy)); *p = Q; p[1] = G.a;"
	    " printf(\"%d %d %d %d %d %d %d\\n\", G.a.x, G.a.y, this->l.a.y,"
	    " p->x, p->y, p[1].x, G.b.x); exit(0) }'",
	    "5 6 4 3 4 5 0\n\n", "", 0);
	/* a string keeps \\ and \? as written; a format decodes them */
	cli(NULL, "-q -n 'BEGIN { printf(\"%s|\\\\|\\?\\n\", \"\\?\\\\\\x41\");"
	    " exit(0) }'", "\\?\\\\A|\\|?\n\n", "", 0);
	/* integers narrower than int are not promoted: uchar + uchar wraps */
	cli(NULL, "-q -n 'unsigned char a, b; BEGIN { a = 254; b = 253;"
	    " printf(\"%d %d %d %d %d\\n\", a + b, a * b, a + 1, (short)a + (short)b,"
	    " (char)-2 + b); exit(0) }'", "251 6 255 507 251\n\n", "", 0);
	/* a cast to a signed narrow type sign-extends, to an unsigned one not;
	 * %x prints a value of its size */
	cli(NULL, "-q -n 'BEGIN { x = 0x1234567890abcdef; printf(\"%d %d %d %d"
	    " %d %d %d %d %x\\n\", (char)x, (short)x, (int8_t)0xef,"
	    " (int16_t)0x8000, (uchar_t)x, (ushort_t)x, (uint8_t)-1,"
	    " (char)0x1234567890abcdef, (char)x); exit(0) }'",
	    "-17 -12817 -17 -32768 239 52719 255 -17 ef\n\n",
	    "", 0);
	/* a signed %: C's remainder, negated for a negative divisor */
	cli(NULL, "-q -n 'enum e { E = 19 % -5 }; BEGIN { x = 19; y = -5; z = x; z %= y;"
	    " printf(\"%d %d %d %d %d %d\\n\", x % y, -x % -y, -x % y, x / y, z, E);"
	    " exit(0) }'", "-4 -4 4 -3 -4 -4\n\n", "", 0);
	/* curcpu is a pointer to real data: it casts to an integer */
	cli(NULL, "-q -n 'BEGIN { printf(\"%d %d\\n\", (int64_t)curcpu != 0,"
	    " ((cpuinfo_t *)(uintptr_t)curcpu)->cpu_id); exit(0) }'",
	    "1 0\n\n", "", 0);
	cli(NULL, "-q -n 'BEGIN { trace(xlate <cpuinfo_t *> (7)->cpu_id) } BEGIN { exit(0) }'",
	    "\n", NULL, 0);
	tap_ok(strstr(slurp("stderr"), "invalid address (0x0)") != NULL,
	       "cli: cpuinfo_t of a CPU that does not exist: %s",
	       slurp("stderr"));
	/* rawbytes: trace() of a string dumps its whole slot */
	cli(NULL, "-x rawbytes -x strsize=5 -q -n 'BEGIN { trace(\"abcdefgh\"); exit(0) }'",
	    "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
	    "         0: 61 62 63 64 65 00                                abcde.\n\n",
	    "", 0);
	cli(NULL, "-q -n 'BEGIN { p = alloca(4); bcopy(\"abc\", p, 4);"
	    " printf(\"%s|\\n\", (string)p); exit(0) }'", "abc|\n\n", "", 0);
	/* "lv op= e" reads lv before e's side effects, as DTrace does */
	cli(NULL, "-q -n 'BEGIN { i = 1; i += ++i; j = 5; j -= j-- * 2;"
	    " printf(\"%d %d\\n\", i, j); exit(0) }'", "3 -5\n\n", "", 0);
	cli(NULL, "-q -n 'BEGIN { trace(1 / (pid - pid)) } BEGIN { trace(\"on\"); exit(0) }'",
	    "on\n",
	    "dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 8\n",
	    0);
	cli(NULL, "-q -n 'BEGIN /1 / (pid - pid)/ { }' -n 'BEGIN { exit(0) }'",
	    "\n", NULL, 0);
	tap_is_str(slurp("stderr"),
		   "dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 8\n",
		   "cli: fault in a predicate");

	put("ok.d", "#!/usr/sbin/dtrace -s\n#pragma D option quiet\n"
		    "BEGIN\n{\n\tprintf(\"%5s|%-3d|\\n\", \"ab\", 7);\n\texit(0);\n}\n");
	cli(NULL, "-s ok.d", "   ab|7  |\n\n", "", 0);
	put("bad.d", "BEGIN\n{\n\ttrace(x);\n}\n");
	cli(NULL, "-s bad.d", "",
	    "dtrace: failed to compile script bad.d: line 3: failed to resolve x: Unknown variable name\n",
	    1);
	cli(NULL, "-x errtags -s bad.d", "",
	    "dtrace: failed to compile script bad.d: [D_IDENT_UNDEF] line 3: failed to resolve x: Unknown variable name\n",
	    1);
	cli(NULL, "-s nosuch.d", "",
	    "dtrace: failed to open nosuch.d: No such file or directory\n", 1);
	put("loud.d", "BEGIN { exit(0) }\n");
	cli("_DTRACE_TESTING=1", "-n 'BEGIN { trace(\"hello\"); exit(0) }'",
	    "                   FUNCTION:NAME\n"
	    "                          :BEGIN   hello                            \n\n",
	    "dtrace: description 'BEGIN ' matched 1 probe\n", 0);
	cli("_DTRACE_TESTING=1", "-F -n 'BEGIN { exit(0) }'",
	    "FUNCTION                                 \n"
	    "| :BEGIN                                  \n\n",
	    "dtrace: description 'BEGIN ' matched 1 probe\n", 0);
	cli(NULL, "-s loud.d", HDR "  0      1                           :BEGIN \n\n",
	    "dtrace: script 'loud.d' matched 1 probe\n", 0);

	cli(NULL, "-n 'BEGIN { trace(x) }'", "",
	    "dtrace: invalid probe specifier BEGIN { trace(x) }: failed to resolve x: Unknown variable name\n",
	    1);
	cli(NULL, "-n 'BEGIN { trace(1 +) }'", "",
	    "dtrace: invalid probe specifier BEGIN { trace(1 +) }: syntax error near \")\"\n",
	    1);
	cli(NULL, "-n nosuch:::", "",
	    "dtrace: invalid probe specifier nosuch:::: probe description nosuch::: does not match any probes\n",
	    1);
	cli(NULL, "-Z -q -n nosuch::: -n 'BEGIN{exit(0)}'", "\n", "", 0);
	cli(NULL, "-e -n 'BEGIN { exit(0) }'", "", "", 0);

	cli(NULL, "-l -n BEGIN",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n",
	    "", 0);
	cli(NULL, "-l -n tick-1s",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    5    profile                                                     tick-1s\n",
	    "", 0);
	cli(NULL, "-l -f read",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    4    syscall           vmlinux                              read entry\n",
	    "", 0);
	cli(NULL, "-lv -f read",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    4    syscall           vmlinux                              read entry\n"
	    /* the minimum of syscall's provider/module/function/name */
	    "\n\tProbe Description Attributes\n"
	    "\t\tIdentifier Names: Private\n"
	    "\t\tData Semantics:   Private\n"
	    "\t\tDependency Class: Unknown\n"
	    "\n\tArgument Attributes\n"
	    "\t\tIdentifier Names: Unstable\n"
	    "\t\tData Semantics:   Unstable\n"
	    "\t\tDependency Class: ISA\n"
	    "\n\tArgument Types\n"
	    "\t\targs[0]: unsigned int\n"
	    "\t\targs[1]: char *\n"
	    "\t\targs[2]: size_t\n\n",
	    "", 0);
	/* args[N] that the provider translates: xlate<xlt_t *>((int)arg1) */
	put("xlt.d", "typedef struct xlt { int x; int y; } xlt_t;\n"
	    "translator xlt_t < int I > { x = I * 2; };\n"
	    "mock:::xlate { trace(args[0]->x); }\n");
	put("xlt_bad.d", "typedef struct xlt { int x; int y; } xlt_t;\n"
	    "translator xlt_t < int I > { x = I * 2; };\n"
	    "mock:::xlate { trace(args[0]->y); }\n");
	cli(NULL, "-e -n 'mock:::xlate { trace(args[0]->x); }'", "",
	    "dtrace: invalid probe specifier mock:::xlate { trace(args[0]->x); }: args[0] has a type this kernel or D library lacks: xlt_t * translated from int\n",
	    1);
	cli(NULL, "-e -s xlt.d", "", "", 0);
	cli(NULL, "-e -s xlt_bad.d", "",
	    "dtrace: failed to compile script xlt_bad.d: line 3: translator does not define conversion for member: y\n",
	    1);
	put("inl.d", "inline string nm[int s] = s == 1 ? \"one\" : s == 2 ? \"two\" : \"many\";\n"
	    "BEGIN { printf(\"%s %s %s\\n\", nm[1], nm[1 + 1], nm[pid]); exit(0); }\n");
	cli(NULL, "-q -s inl.d", "one two many\n\n", "", 0);
	cli(NULL, "-lv -n mock:::xlate",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    5       mock                                                     xlate\n"
	    /* a provider that declares no attributes has the least */
	    "\n\tProbe Description Attributes\n"
	    "\t\tIdentifier Names: Internal\n"
	    "\t\tData Semantics:   Internal\n"
	    "\t\tDependency Class: Unknown\n"
	    "\n\tArgument Attributes\n"
	    "\t\tIdentifier Names: Internal\n"
	    "\t\tData Semantics:   Internal\n"
	    "\t\tDependency Class: Unknown\n"
	    "\n\tArgument Types\n"
	    "\t\targs[0]: xlt_t *\n\n",
	    "", 0);
	/* args[] of a clause of several probes are typed when they agree. */
	cli(NULL, "-e -n 'syscall::read:entry, syscall::rea*:entry { trace(*args[1]); }'",
	    "", "", 0);
	cli(NULL, "-e -n 'syscall::read:entry, BEGIN { trace(*args[1]); }'",
	    "", "dtrace: invalid probe specifier syscall::read:entry, BEGIN { trace(*args[1]); }: operator * requires an operand of pointer type\n",
	    1);
	cli(NULL, "-l -v -n BEGIN",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n"
	    "\n\tProbe Description Attributes\n"
	    "\t\tIdentifier Names: Private\n"
	    "\t\tData Semantics:   Private\n"
	    "\t\tDependency Class: Unknown\n"
	    "\n\tArgument Attributes\n"
	    "\t\tIdentifier Names: Stable\n"
	    "\t\tData Semantics:   Stable\n"
	    "\t\tDependency Class: Common\n"
	    "\n\tArgument Types\n\t\tNone\n\n",
	    "", 0);
	/* a description matching nothing is reported, and -l goes on */
	cli(NULL, "-l -P nosuch -n BEGIN",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n",
	    "dtrace: failed to match nosuch:::: No probe matches description\n",
	    0);
	/* one that does not compile: no listing at all */
	cli(NULL, "-l -n BEGIN -m :a:b:c", "",
	    "dtrace: invalid probe specifier :a:b:c: invalid probe description \":a:b:c\": Overspecified probe description\n",
	    1);
	/* one more field than -f takes, when it is empty */
	cli(NULL, "-l -f ::read:", NULL,
	    "dtrace: failed to match :read::: No probe matches description\n",
	    0);
	cli(NULL, "-l -f :nosuch::", NULL,
	    "dtrace: failed to match nosuch:::: No probe matches description\n",
	    0);
	cli(NULL, "-l -f x:syscall::", "",
	    "dtrace: invalid probe specifier x:syscall::: invalid probe description \"x:syscall::\": Overspecified probe description\n",
	    1);
	cli(NULL, "-l -f read extra", "",
	    "dtrace: invalid probe specifier read: extraneous argument 'extra' ($1 is not referenced)\n",
	    1);
	/* -i: a probe by its ID; what is no number is a probe name */
	cli(NULL, "-l -i 1",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n",
	    "", 0);
	cli(NULL, "-l -i 1-x",
	    "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n",
	    "dtrace: failed to match :::-x: No probe matches description\n", 0);
	cli(NULL, "-i 0", "",
	    "dtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier\n",
	    1);
	cli(NULL, "-i 99999-2", "",
	    "dtrace: invalid probe specifier 99999-2: invalid probe identifier 99999: Unknown probe identifier\n",
	    1);
	cli(NULL, "-i x1", "",
	    "dtrace: invalid probe specifier x1: probe description :::x1 does not match any probes\n",
	    1);
	cli(NULL, "-q -i '1 { printf(\"one\\n\"); exit(0) }'", "one\n\n", "", 0);
	cli(NULL, "-i 1 a b c", "",
	    "dtrace: invalid probe specifier 1: extraneous argument 'c' ($3 is not referenced)\n",
	    1);
	/* an unknown ID is found while reading, before unused arguments */
	cli(NULL, "-i 0 - 2", "",
	    "dtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier\n",
	    1);
	/* options without a program: -e exits, else nothing to trace */
	cli(NULL, "-b 1m -e", "", "", 0);
	cli(NULL, "-q", "", "dtrace: no probes specified\n", 1);

	cli(NULL, "-q -o out.txt -n 'BEGIN { printf(\"one\\n\"); exit(0) }'",
	    "", "", 0);
	cli(NULL, "-q -o out.txt -n 'BEGIN { printf(\"two\\n\"); exit(0) }'",
	    "", "", 0);
	tap_is_str(slurp("out.txt"), "one\n\ntwo\n\n", "cli: -o appends");

	cli("DTRACE_MOCK=absent", "-n BEGIN", "",
	    "dtrace: failed to initialize dtrace: DTrace device not available on system\n",
	    1);
	cli("DTRACE_MOCK=noperm", "-n BEGIN", "",
	    "dtrace: failed to initialize dtrace: DTrace requires additional privileges: CAP_SYS_ADMIN (run it as root)\n",
	    1);
	cli("DTRACE_MOCK=version", "-n BEGIN", "",
	    "dtrace: failed to initialize dtrace: DTrace kernel module speaks a different ABI version\n",
	    1);
	/* the verifier's reason, as ENABLE reports it (docs/abi.md) */
	cli("DTRACE_MOCK_REFUSE=17:1:3:entry",
	    "-q -n 'syscall::read:entry { trace(2); }'", "",
	    "dtrace: failed to enable 'syscall::read:entry': DIF program of action #1 refused at instruction 3: branch target out of range\n",
	    1);
	cli("DTRACE_MOCK_REFUSE=13:0:0:entry",
	    "-q -n 'syscall::read:entry /pid == 1/ { trace(2); }'", "",
	    "dtrace: failed to enable 'syscall::read:entry': DIF program of the predicate refused at instruction 0: unknown opcode\n",
	    1);
	cli(NULL, "-x nosuch=1 -n BEGIN", "",
	    "dtrace: failed to set -x nosuch: Invalid option name\n", 1);
	cli(NULL, "-q -x dynvarsize=4k -x scratchsize=8k -x bufsize=64k -n 'BEGIN { printf(\"ok\\n\"); exit(0) }'",
	    "ok\n\n", "", 0);
	cli(NULL, "-x dynvarsize=0 -n BEGIN", "",
	    "dtrace: failed to set -x dynvarsize: Invalid value for specified option\n",
	    1);
	cli(NULL, "-q -c 'sh -c \"echo child; exit 3\"' -n 'BEGIN { printf(\"begin\\n\") } END { printf(\"end\\n\") }'",
	    "begin\nchild\nend\n\n", "", 0);	/* -q: no notices */
	cli(NULL, "-c 'sh -c \"echo child; exit 3\"' -n 'BEGIN { printf(\"begin\\n\") } END { printf(\"end\\n\") }'",
	    NULL, NULL, 0);
	tap_ok(strstr(slurp("stderr"), "\ndtrace: pid ") &&
	       strstr(slurp("stderr"), " has exited\n"),
	       "cli: -c reports the exit of its command: %s", slurp("stderr"));
	cli(NULL, "-c 'sh -c \"kill -9 \\$\\$\"' -n 'END { printf(\"end\\n\") }'",
	    NULL, NULL, 0);
	tap_ok(strstr(slurp("stderr"), " terminated by SIGKILL\n") != NULL,
	       "cli: -c reports a command killed: %s", slurp("stderr"));
	cli(NULL, "-c 'nosuchcommand a b' -n BEGIN", "",
	    "dtrace: failed to execute nosuchcommand: No such file or directory\n",
	    1);
	cli(NULL, "-c '\"unbalanced' -n BEGIN", "",
	    "dtrace: invalid command for -c: \"unbalanced\n", 1);
	cli(NULL, "-p 999999999 -n BEGIN", "",
	    "dtrace: No such process\n", 1);
	cli(NULL, "-p 12ab -n BEGIN", "", "dtrace: invalid process ID: 12ab\n",
	    1);
	cli(NULL, "-c true -p 1 -n BEGIN", "",
	    "dtrace: only one of -c and -p may be given\n", 1);
	snprintf(cmd, sizeof(cmd), "-q -p %d -n 'BEGIN { printf(\"grabbed\\n\"); exit(0) }'",
		 (int)getpid());
	cli(NULL, cmd, "grabbed\n\n", "", 0);
	cli(NULL, "-e -c 'sleep 100' -n 'BEGIN { exit(0) }'", "", "", 0);
	cli(NULL, "-q -n 'BEGIN { printf(\"%s|%s\\n\", $$1, $$2); exit(0) }' macro1 -w 'macro two'",
	    "macro1|macro two\n\n", "", 0);
	cli(NULL, "-q -n 'BEGIN { exit(0) }' unused", "",
	    "dtrace: invalid probe specifier BEGIN { exit(0) }: extraneous argument 'unused' ($1 is not referenced)\n",
	    1);
	cli(NULL, "-w -q -x stackframes=4 -x ustackframes=8 -x defaultargs -n 'BEGIN { exit(0) }'",
	    "\n", "", 0);
	cli(NULL, "-x stackframes=200 -n BEGIN", "",
	    "dtrace: failed to set -x stackframes: Invalid value for specified option\n",
	    1);
	cli("DTRACE_MOCK_DYNDROPS=3", "-q -n 'BEGIN { exit(0) }'", "\n",
	    "dtrace: 3 dynamic variable drops\n", 0);
	cli("DTRACE_MOCK_DYNDROPS=1", "-q -n 'BEGIN { exit(0) }'", "\n",
	    "dtrace: 1 dynamic variable drop\n", 0);
	cli("DTRACE_MOCK_DROPS=2", "-q -n 'BEGIN { exit(0) }'", "\n",
	    "dtrace: 2 drops on CPU 0\n", 0);
	cli("DTRACE_MOCK_DROPS=1", "-x droptags -q -n 'BEGIN { exit(0) }'",
	    "\n", "dtrace: [DTRACEDROP_PRINCIPAL] 1 drop on CPU 0\n", 0);
	cli("DTRACE_MOCK_DYNDROPS=1", "-x droptags -q -n 'BEGIN { exit(0) }'",
	    "\n", "dtrace: [DTRACEDROP_DYNAMIC] 1 dynamic variable drop\n", 0);
	cli(NULL, "-C -D '' -n BEGIN", "",
	    "dtrace: failed to set -D : Invalid value for specified option\n", 1);
	cli(NULL, "-C -DX=1 -UY -I. -e -n 'BEGIN { exit(0) }'", "", "", 0);
	cli(NULL, "-q -C -DN=40 -n 'BEGIN { trace(N + 2); exit(0) }'", "42\n",
	    "", 0);
	cli(NULL, "-C -n 'BEGIN\n{\n\ttrace(1 +);\n}'", "",
	    "dtrace: invalid probe specifier BEGIN\n{\n\ttrace(1 +);\n}: syntax error near \")\"\n",
	    1);
	cli(NULL, "-S -e -n 'BEGIN { trace(1) }'", "", NULL, 0);
	tap_ok(strstr(slurp("stderr"), "clause 0 (:::BEGIN)") &&
	       strstr(slurp("stderr"), "ret     %r1"),
	       "cli: -S lists the DIF on stderr");
	cli(NULL, "", "", NULL, 2);
	cli(NULL, "-k", "", NULL, 2);
	cli(NULL, "-n", "", NULL, 2);
	cli(NULL, "-V", "dtrace: Linux D 1.0 (DIF ABI 3)\n", "", 0);

	/* -b, -64, -32; -L and the options only the command line sets */
	cli(NULL, "-q -b 16k -64 -n 'BEGIN { exit(0) }'", "\n", "", 0);
	cli(NULL, "-b 1x -n BEGIN", "",
	    "dtrace: failed to set -x bufsize: Invalid value for specified option\n",
	    1);
	/* any size from a byte; a record larger than bufsize fails GO */
	cli(NULL, "-q -b 64 -x dynvarsize=16 -x scratchsize=16 -n 'BEGIN { exit(0) }'",
	    "\n", "", 0);
	cli(NULL, "-b 16 -n 'BEGIN { trace(1); exit(0) }'", "",
	    "dtrace: description 'BEGIN ' matched 1 probe\n"
	    "dtrace: could not enable tracing: Enabling exceeds size of buffer\n",
	    1);
	/* fill: END's records together must fit (each would here) */
	cli(NULL, "-x bufpolicy=fill -b 64 -n 'END { trace(1) }' -n 'END { trace(2) }' -n 'END { trace(3) }'",
	    "",
	    "dtrace: description 'END ' matched 1 probe\n"
	    "dtrace: description 'END ' matched 1 probe\n"
	    "dtrace: description 'END ' matched 1 probe\n"
	    "dtrace: could not enable tracing: END enablings exceed size of principal buffer\n",
	    1);
	/* any size is taken; above the kernel's largest, lowered to it */
	cli(NULL, "-b 1g -b 2t -e", "", "", 0);
	cli(NULL, "-q -b 2t -n 'BEGIN { exit(0) }'", "\n",
	    "dtrace: buffer size lowered to 1024m\n", 0);
	cli(NULL, "-q -x bufresize=manual -b 2t -n 'BEGIN { exit(0) }'", "",
	    "dtrace: could not enable tracing: Cannot allocate memory\n", 1);
	cli(NULL, "-b 0 -n BEGIN", "",
	    "dtrace: failed to set -x bufsize: Invalid value for specified option\n",
	    1);
	/* cpu: only that CPU's probes fire (the mock fires all on CPU 0) */
	cli(NULL, "-q -x cpu=0 -n 'tick-10ms { printf(\"t\\n\"); exit(0) }'",
	    "t\n\n", "", 0);
	cli(NULL, "-x cpu=100000 -n BEGIN", "",
	    "dtrace: failed to set -x cpu: Invalid value for specified option\n",
	    1);
	cli(NULL, "-32 -n BEGIN", "",
	    "dtrace: failed to set -32: only the 64-bit data model is supported\n",
	    1);
	cli(NULL, "-33 -n BEGIN", "", NULL, 2);
	cli(NULL, "-e -L /nonexistent -x libdir=. -x ldpath=ld -x modpath=/lib -x lockmem=1m -x lockmem=unlimited -n BEGIN",
	    "", "", 0);
	cli(NULL, "-x lockmem=0 -n BEGIN", "",
	    "dtrace: failed to set -x lockmem: Invalid value for specified option\n",
	    1);
	put("libopt.d", "#pragma D option ldpath=/bin/ld\nBEGIN\n");
	cli(NULL, "-s libopt.d", "",
	    "dtrace: failed to compile script libopt.d: line 1: failed to set option 'ldpath' to '/bin/ld': Option cannot be used from within a D program\n",
	    1);
	/* -L: library files in the order their dependencies ask */
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/lib1 %s/lib2 %s/lib3", tmpdir,
		 tmpdir, tmpdir);
	tap_ok(system(cmd) == 0, "cli: library directories");
	put("lib1/a.d", "#pragma D depends_on library c.d\ninline int A = C + 1;\n");
	put("lib1/b.d", "inline int B = 10;\n");
	put("lib1/c.d", "#pragma D depends_on library b.d\ninline int C = B * 2;\n");
	cli(NULL, "-q -L lib1 -n 'BEGIN { trace(A); exit(0) }'", "21\n", "", 0);
	put("lib2/x.d", "#pragma D depends_on library gone.d\n");
	cli(NULL, "-L lib2 -n 'BEGIN { exit(0) }'", "",
	    "dtrace: invalid probe specifier BEGIN { exit(0) }: library lib2/x.d depends on gone.d, which is not in the library path\n",
	    1);
	put("lib3/p.d", "#pragma D depends_on library q.d\n");
	put("lib3/q.d", "#pragma D depends_on library p.d\n");
	cli(NULL, "-x libdir=lib3 -s loud.d", "",
	    "dtrace: failed to compile script loud.d: library lib3/p.d depends on itself through its dependencies\n",
	    1);

	/* -G of a program with no USDT provider: an object defining none */
	cli(NULL, "-G -n 'BEGIN { exit(0) }'", "", "", 0);
	snprintf(cmd, sizeof(cmd), "readelf -S %s/d.out | grep -q '\\.probes'",
		 tmpdir);
	tap_ok(system(cmd) == 0, "cli: -G -n writes d.out, an ELF object");
	cli(NULL, "-G -o plain.o -s loud.d", "", "", 0);
	cli(NULL, "-h -n BEGIN", "", NULL, 2);

	/* debug: libdtrace's messages, "libdtrace DEBUG <ns>: ..." */
	cli(NULL, "-x debug -L lib1 -e -n 'BEGIN { trace(A) }'", "", NULL, 0);
	tap_ok(!strncmp(slurp("stderr"), "libdtrace DEBUG ", 16) &&
	       strstr(slurp("stderr"), ": library lib1/b.d compiled\n"),
	       "cli: -x debug: %s", slurp("stderr"));
	/*
	 * Only the library files a program needs are compiled: those
	 * declaring a name it uses, what they depend on by pragma or use
	 * by name (y.d declares Y, z.d uses it unasked), and all for args[].
	 */
	put("lib1/y.d", "inline int Y = 3;\n");
	put("lib1/z.d", "/* Y */ inline int Z = Y + 1;\n"
	    "typedef enum zz { Z1, Z2 = 5 } zz_t;\n");
	tap_is_str(cli_libs("-x debug -L lib1 -e -n 'BEGIN { exit(0) }'"), "",
		   "cli: BEGIN { exit(0) } compiles no library file");
	tap_is_str(cli_libs("-x debug -L lib1 -e -n 'BEGIN { trace(A) }'"),
		   "lib1/b.d lib1/c.d lib1/a.d", "cli: A compiles a.d, c.d, b.d");
	tap_is_str(cli_libs("-x debug -L lib1 -e -n 'BEGIN { trace(Z2) }'"),
		   "lib1/y.d lib1/z.d", "cli: an enumerator of z.d");
	tap_is_str(cli_libs("-x debug -L lib1 -e -n 'BEGIN { trace(B) }' -n 'BEGIN { trace(C) }'"),
		   "lib1/b.d lib1/c.d", "cli: a second program adds c.d");
	tap_ok(strstr(cli_libs("-x debug -L lib1 -e -n 'BEGIN { trace(args[0]) }'"),
		      "lib1/y.d lib1/z.d") != NULL, "cli: args[] compiles all");
	tap_is_str(cli_libs("-x debug -L lib1 -e -n 'BEGIN { \"Y\"; /* Z */ }'"),
		   "", "cli: names in strings and comments are not uses");
	cli_lib_same("-q -n 'BEGIN { exit(0) }'");
	cli_lib_same("-q -L lib1 -n 'BEGIN { trace(A); trace(Z2); exit(0) }'");
	cli_lib_same("-q -n 'BEGIN { printf(\"%d %d %d %d\\n\", curcpu->cpu_id,"
		     " chip, SIGKILL, DTRACEFLT_BADADDR); exit(0) }'");
	cli_lib_same("-S -e -n 'BEGIN { trace(xlate <cpuinfo_t *> (7)->cpu_id);"
		     " trace(NULL); trace(R_PC) }'");
	cli_lib_same("-e -n 'BEGIN { trace(SIGNOPE) }'");
	cli_lib_same("-S -e -n 'mock:::xlate { trace(args[0]->x); }'");
	cli("DTRACE_DEBUG=1", "-e -n BEGIN", "", NULL, 0);
	tap_ok(strstr(slurp("stderr"), ": opened /dev/dtrace, ") != NULL,
	       "cli: DTRACE_DEBUG: %s", slurp("stderr"));

	/* the D version a program is written for */
	put("v10.d", "#pragma D option version=1.0\nBEGIN { exit(0) }\n");
	cli(NULL, "-q -s v10.d", "\n", "", 0);
	/* names that came after the version are free for the program */
	put("v10s.d", "#pragma D option version=1.0\nint strstr;\n"
	    "BEGIN { strstr = 2; trace(strstr); exit(0) }\n");
	cli(NULL, "-q -s v10s.d", "2\n", "", 0);
	cli(NULL, "-q -xversion=1.0 -n 'BEGIN { trace(substr(\"ab\", 1)); exit(0) }'",
	    "", "dtrace: invalid probe specifier BEGIN { trace(substr(\"ab\", 1)); exit(0) }: "
	    "failed to resolve substr: Unknown function name\n", 1);
	cli(NULL, "-q -xversion=1.1 -n 'BEGIN { trace(substr(\"ab\", 1)); exit(0) }'",
	    "b\n", "", 0);
	put("v09.d", "#pragma D option version=0.9\nBEGIN { exit(0) }\n");
	cli(NULL, "-q -s v09.d", "",
	    "dtrace: failed to compile script v09.d: line 1: failed to set option 'version' to '0.9': Invalid value for specified option\n",
	    1);

	/* the preprocessor: DTrace's messages, -H, -X, a "#!" line */
	put("inc.d", "#include \"nosuch.h\"\nBEGIN { exit(0) }\n");
	cli(NULL, "-C -s inc.d", "",
	    "/dev/stdin:1: fatal error: nosuch.h: No such file or directory\n"
	    "compilation terminated.\n"
	    "dtrace: failed to compile script inc.d: Preprocessor failed to process input program\n",
	    1);
	put("hdr.h", "#define HDR 3\n");
	put("hdr.d", "#!/usr/sbin/dtrace -Cqs\n#include \"hdr.h\"\n#if 0\n#endif\n"
	    "BEGIN { trace(HDR); exit(0) }\n");
	cli(NULL, "-H -C -q -I. -s hdr.d", "3\n", NULL, 0);
	tap_ok(!strncmp(slurp("stderr"), ". ./hdr.h\n", 10),
	       "cli: -H lists the included files: %s", slurp("stderr"));
	/* an alloca clash is reported at the clause, a mixed ?: at its line */
	put("aclash.d", "BEGIN\n{\n\ta = (char *)alloca(1);\n}\n\nBEGIN\n{\n"
	    "\ta = (void *)0;\n\ta = (char *)arg0;\n}\n");
	cli(NULL, "-e -s aclash.d", "",
	    "dtrace: failed to compile script aclash.d: line 6: a: cannot reuse the same identifier for both alloca and non-alloca allocations\n",
	    1);
	/* a system header's C function definitions are left out */
	put("sysfn.h", "#pragma GCC system_header\n"
	    "static __inline int sysfn_twice(int x)\n{\n\treturn 2 * x;\n}\n"
	    "typedef struct sysfn { int a; char b; } sysfn_t;\n");
	put("sysfn.d", "#include \"sysfn.h\"\n"
	    "BEGIN { trace(sizeof(sysfn_t)); exit(0) }\n");
	cli(NULL, "-C -q -I. -s sysfn.d", "5\n", "", 0);
	put("usrfn.d", "int twice(int x)\n{\n\treturn 2 * x;\n}\n");
	cli(NULL, "-C -q -s usrfn.d", "",
	    "dtrace: failed to compile script usrfn.d: line 2: syntax error near \"{\"\n",
	    1);
	put("stdc.d", "BEGIN {\n#ifdef __STDC__\n\ttrace(__STDC__);\n#else\n\ttrace(\"none\");\n#endif\n\texit(0);\n}\n");
	cli(NULL, "-C -q -s stdc.d", "1\n", "", 0);
	cli(NULL, "-C -q -X c -s stdc.d", "1\n", "", 0);
	cli(NULL, "-C -q -X s -s stdc.d", "none\n", "", 0);
	cli(NULL, "-C -q -X t -s stdc.d", "0\n", "", 0);
	cli(NULL, "-C -q -X z -s stdc.d", "",
	    "dtrace: failed to set -x stdc: Invalid value for specified option\n",
	    1);
	cli(NULL, "-q -x define=N=4 -x undef=M -x incdir=. -C -n 'BEGIN { trace(N); exit(0) }'",
	    "4\n", "", 0);

	cli_dyn_parts();
	cli_string_members();

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	if (system(cmd))
		tap_diag("could not remove %s", tmpdir);
}
