// SPDX-License-Identifier: GPL-2.0
/*
 * -C: the C preprocessor over a D program.  dtrace_cpp_option() keeps
 * the -D, -U and -I options; dt_cpp_run() feeds the text on standard
 * input to "gcc -E -x c /dev/stdin" with them (and -H, -X's standard)
 * and reads back the output, line markers kept so that the lexer
 * reports the script's own line numbers.  The preprocessor's own
 * messages go straight to our stderr, as DTrace's do: "/dev/stdin:LINE:
 * error: ...", without columns or the source line.  A "#!" first line
 * is the kernel's, not the preprocessor's: it goes as an empty line.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_impl.h"

#define DT_CPP		"gcc"
#define DT_CPP_FIXED	11	/* at most, before the -D, -U, -I */

/**
 * dtrace_cpp_option() - add a preprocessor option for -C
 * @dtp: the handle
 * @opt: 'D', 'U' or 'I'
 * @arg: NAME[=VALUE], NAME, or a directory
 *
 * Return: 0, or -1 with EDT_BADOPTVAL (empty or unknown) or EDT_NOMEM.
 */
int dtrace_cpp_option(dtrace_hdl_t *dtp, int opt, const char *arg)
{
	char **v;
	size_t len;

	if (!arg || !*arg || !strchr("DUI", opt) || opt == '\0')
		return dt_set_errno(dtp, EDT_BADOPTVAL);
	v = realloc(dtp->cpp_argv, (dtp->cpp_argc + 1) * sizeof(*v));
	if (!v)
		return dt_set_errno(dtp, EDT_NOMEM);
	dtp->cpp_argv = v;
	len = strlen(arg) + 3;
	v[dtp->cpp_argc] = malloc(len);
	if (!v[dtp->cpp_argc])
		return dt_set_errno(dtp, EDT_NOMEM);
	snprintf(v[dtp->cpp_argc], len, "-%c%s", opt, arg);
	dtp->cpp_argc++;
	return 0;
}

/* The input: the text, its "#!" line left empty. */
static int dt_cpp_input(const char *text, size_t len)
{
	char tmpl[] = "/tmp/dtrace-cpp-XXXXXX";
	int fd = mkstemp(tmpl);
	FILE *fp;

	if (fd < 0)
		return -1;
	unlink(tmpl);
	fp = fdopen(fd, "w+");
	if (!fp) {
		close(fd);
		return -1;
	}
	if (len > 1 && text[0] == '#' && text[1] == '!') {
		const char *nl = memchr(text, '\n', len);

		len -= nl ? (size_t)(nl - text) : len;
		text = nl ? nl : text + len;
	}
	if (fwrite(text, 1, len, fp) != len || fflush(fp) ||
	    lseek(fd, 0, SEEK_SET) < 0) {
		fclose(fp);
		return -1;
	}
	fd = dup(fd);
	fclose(fp);
	return fd;
}

static void dt_cpp_exec(dtrace_hdl_t *dtp, int in, int out)
{
	char **argv = calloc((size_t)dtp->cpp_argc + DT_CPP_FIXED + 2,
			     sizeof(*argv));
	int i, n = 0;

	if (!argv || dup2(in, STDIN_FILENO) < 0 ||
	    dup2(out, STDOUT_FILENO) < 0)
		_exit(127);
	argv[n++] = DT_CPP;
	argv[n++] = "-E";
	argv[n++] = "-x";
	argv[n++] = "c";
	argv[n++] = "-fdiagnostics-plain-output";
	argv[n++] = "-fno-show-column";
	if (dtp->opt.cpphdrs)
		argv[n++] = "-H";
	switch (dtp->opt.stdc) {
	case DT_STDC_C:
		argv[n++] = "-std=c99";	/* __STDC__ is 1, no GNU extras */
		break;
	case DT_STDC_S:
		argv[n++] = "-traditional-cpp";	/* no __STDC__ */
		break;
	case DT_STDC_T:
		argv[n++] = "-traditional-cpp";
		argv[n++] = "-D__STDC__=0";
		break;
	}
	for (i = 0; i < dtp->cpp_argc; i++)
		argv[n++] = dtp->cpp_argv[i];
	argv[n++] = "/dev/stdin";
	execvp(DT_CPP, argv);
	fprintf(stderr, "dtrace: failed to run %s: %s\n", DT_CPP,
		strerror(errno));
	_exit(127);
}

/* All of @fd, NUL-terminated. */
static char *dt_cpp_read(int fd, size_t *lenp)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap), *p;
	ssize_t n;

	while (buf) {
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
		if (len + 1 == cap) {
			p = realloc(buf, cap * 2);
			if (!p) {
				free(buf);
				return NULL;
			}
			buf = p;
			cap *= 2;
		}
	}
	if (buf) {
		buf[len] = '\0';
		*lenp = len;
	}
	return buf;
}

/* Past the string or character literal that starts at @p. */
static char *dt_cpp_skip_lit(char *p)
{
	char q = *p++;

	while (*p && *p != q && *p != '\n')
		p += p[0] == '\\' && p[1] ? 2 : 1;
	return *p == q ? p + 1 : p;
}

/*
 * The line marker at @p ("# 12 \"file\" 1 3"): does it enter or return
 * to a system header (flag 3)?
 */
static bool dt_cpp_marks_sys(const char *p)
{
	size_t n = strcspn(p, "\n");
	const char *f = memrchr(p, '"', n);

	for (f = f ? f + 1 : p + n; f < p + n; f++)
		if (f[0] == '3' && f[-1] == ' ' && isspace((unsigned char)f[1]))
			return true;
	return false;
}

/*
 * A C header may define functions (glibc's <endian.h> has static inline
 * byte swaps); D has none to define, and cannot call them.  In the text
 * of system headers, each definition -- from the end of the declaration
 * before it to the '}' that closes the body that follows a ')' -- is
 * blanked, its newlines kept so that line numbers stay.
 */
static void dt_cpp_drop_fundefs(char *s)
{
	char *p = s, *from = s, *q, *b;
	bool sys = false;
	int depth = 0;

	while (*p) {
		if ((p == s || p[-1] == '\n') && *p == '#') {
			sys = dt_cpp_marks_sys(p);
			p += strcspn(p, "\n");
			from = p;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			p = dt_cpp_skip_lit(p);
			continue;
		}
		if (*p == '{' && !depth && sys) {
			for (q = p; q > from && isspace((unsigned char)q[-1]); q--)
				;
			if (q > from && q[-1] == ')') {
				for (b = p, depth = 0; *b; b++) {
					if (*b == '"' || *b == '\'')
						b = dt_cpp_skip_lit(b) - 1;
					else if (*b == '{')
						depth++;
					else if (*b == '}' && !--depth)
						break;
				}
				for (q = from; q < b && *q; q++)
					if (*q != '\n')
						*q = ' ';
				if (*b)
					*b++ = ' ';
				p = from = b;
				continue;
			}
		}
		if (*p == '{')
			depth++;
		else if (*p == '}' && depth)
			depth--;
		if ((*p == ';' || *p == '}') && !depth)
			from = p + 1;
		p++;
	}
}

char *dt_cpp_run(dtrace_hdl_t *dtp, const char *text, size_t len,
		 size_t *outlen)
{
	int in, pfd[2], status;
	char *out = NULL;
	pid_t pid;

	in = dt_cpp_input(text, len);
	if (in < 0 || pipe2(pfd, O_CLOEXEC) < 0) {
		dt_set_errno(dtp, errno);
		if (in >= 0)
			close(in);
		return NULL;
	}
	pid = fork();
	if (pid == 0)
		dt_cpp_exec(dtp, in, pfd[1]);
	close(in);
	close(pfd[1]);
	if (pid > 0)
		out = dt_cpp_read(pfd[0], outlen);
	close(pfd[0]);
	if (pid < 0) {
		dt_set_errno(dtp, errno);
		return NULL;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!out || !WIFEXITED(status) || WEXITSTATUS(status)) {
		free(out);
		snprintf(dtp->errmsg, sizeof(dtp->errmsg),
			 "Preprocessor failed to process input program");
		dt_set_errno(dtp, out ? EDT_COMPILER : EDT_NOMEM);
		return NULL;
	}
	dt_cpp_drop_fundefs(out);
	return out;
}
