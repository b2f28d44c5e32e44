// SPDX-License-Identifier: GPL-2.0
/*
 * The target process of -c and -p ($target).  -c: the command line is
 * split into words (quotes and backslashes as the shell has them), the
 * program looked up in PATH, then a child forks and stops itself
 * before exec; dtrace_proc_continue() lets it exec once tracing runs.
 * -p: a running process is only checked to exist.  Either way
 * dtrace_proc_exited() tells when it is gone, and dtrace_close() kills
 * a created child that is still there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_impl.h"

struct dt_proc {
	pid_t pid;
	bool created;		/* our child (-c), else grabbed (-p) */
	bool exited;
	char **argv;
};

/* Split @s into words: blanks separate, '...' "..." and \ quote. */
static char **dt_proc_split(const char *s)
{
	size_t n = 0, len = strlen(s);
	char **argv = calloc(len / 2 + 2, sizeof(*argv));
	char *buf = malloc(len + 1), *w;

	if (!argv || !buf)
		goto fail;
	w = buf;
	while (*s) {
		char q = 0;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		argv[n++] = w;
		for (; *s; s++) {
			if (q && *s == q) {
				q = 0;
			} else if (!q && (*s == '\'' || *s == '"')) {
				q = *s;
			} else if (q != '\'' && *s == '\\' && s[1]) {
				*w++ = *++s;
			} else if (!q && (*s == ' ' || *s == '\t' ||
					  *s == '\n')) {
				break;
			} else {
				*w++ = *s;
			}
		}
		*w++ = '\0';
		if (q)
			goto fail;	/* unbalanced quote */
	}
	if (n == 0)
		goto fail;
	return argv;
fail:
	free(argv);
	free(buf);
	return NULL;
}

/* Is @file an executable we could run, looked up in PATH as execvp()? */
static int dt_proc_findexec(const char *file)
{
	const char *path = getenv("PATH"), *p;
	char full[4096];
	struct stat st;

	if (strchr(file, '/'))
		return access(file, X_OK) ? -1 : 0;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
		size_t dl = strcspn(p, ":");

		snprintf(full, sizeof(full), "%.*s/%s", (int)dl,
			 dl ? p : ".", file);
		if (!stat(full, &st) && S_ISREG(st.st_mode) &&
		    !access(full, X_OK))
			return 0;
	}
	errno = ENOENT;
	return -1;
}

static struct dt_proc *dt_proc_alloc(dtrace_hdl_t *dtp)
{
	if (dtp->proc) {
		dt_set_errno(dtp, EDT_ACTIVE);
		return NULL;
	}
	dtp->proc = calloc(1, sizeof(*dtp->proc));
	if (!dtp->proc)
		dt_set_errno(dtp, EDT_NOMEM);
	return dtp->proc;
}

/**
 * dtrace_proc_create() - start the -c command, stopped before its exec
 * @dtp: the handle
 * @cmd: the command line
 * @argv0p: out, the program name (for messages), valid until close
 *
 * Return: the child's pid (also $target), or -1 with the error set
 * (ENOENT, EACCES for a program that cannot run, EDT_BADOPTVAL for an
 * empty or badly quoted command line).
 */
int dtrace_proc_create(dtrace_hdl_t *dtp, const char *cmd,
		       const char **argv0p)
{
	struct dt_proc *p = dt_proc_alloc(dtp);
	int status;

	if (!p)
		return -1;
	p->argv = dt_proc_split(cmd);
	if (!p->argv)
		return dt_set_errno(dtp, EDT_BADOPTVAL);
	*argv0p = p->argv[0];
	if (dt_proc_findexec(p->argv[0]))
		return dt_set_errno(dtp, errno);
	fflush(NULL);
	p->pid = fork();
	if (p->pid < 0)
		return dt_set_errno(dtp, errno);
	if (p->pid == 0) {
		raise(SIGSTOP);
		execvp(p->argv[0], p->argv);
		fprintf(stderr, "dtrace: failed to execute %s: %s\n",
			p->argv[0], strerror(errno));
		_exit(127);
	}
	p->created = true;
	while (waitpid(p->pid, &status, WUNTRACED) < 0 && errno == EINTR)
		;
	dtp->target = p->pid;
	return p->pid;
}

/**
 * dtrace_proc_grab() - take running process @pid as the target (-p)
 * @dtp: the handle
 * @pid: the process
 *
 * Return: 0, or -1 with ESRCH (no such process) or EPERM set.
 */
int dtrace_proc_grab(dtrace_hdl_t *dtp, int pid)
{
	struct dt_proc *p;

	if (pid <= 0)
		return dt_set_errno(dtp, ESRCH);
	if (kill(pid, 0) && errno != EPERM)
		return dt_set_errno(dtp, errno);
	p = dt_proc_alloc(dtp);
	if (!p)
		return -1;
	p->pid = pid;
	dtp->target = pid;
	return 0;
}

/* Let the -c child exec and run (tracing has started). */
void dtrace_proc_continue(dtrace_hdl_t *dtp)
{
	if (dtp->proc && dtp->proc->created && !dtp->proc->exited)
		kill(dtp->proc->pid, SIGCONT);
}

/* A grabbed process lives while it can be signalled and is no zombie. */
static bool dt_proc_alive(pid_t pid)
{
	char path[64], buf[256], *p;
	bool alive = true;
	FILE *fp;

	if (kill(pid, 0) && errno != EPERM)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fp = fopen(path, "r");
	if (!fp)
		return errno != ENOENT;
	/* "pid (comm) S ...": the state follows the last ')' */
	if (fgets(buf, sizeof(buf), fp)) {
		p = strrchr(buf, ')');
		if (p && (p[2] == 'Z' || p[2] == 'X'))
			alive = false;
	}
	fclose(fp);
	return alive;
}

/**
 * dtrace_proc_exited() - has the target gone?
 * @dtp: the handle
 * @msg: out, "pid N has exited" or "pid N terminated by SIGNAME"
 * @len: size of @msg
 *
 * Reaps a -c child; a -p process is gone when it can no longer be
 * signalled or is a zombie.  Reports the exit once.
 * Return: true the first time the target is found gone.
 */
bool dtrace_proc_exited(dtrace_hdl_t *dtp, char *msg, size_t len)
{
	struct dt_proc *p = dtp->proc;
	int status;

	if (!p || p->exited)
		return false;
	if (p->created) {
		pid_t r = waitpid(p->pid, &status, WNOHANG);

		if (r <= 0)
			return false;
		if (WIFSIGNALED(status)) {
			const char *sig = sigabbrev_np(WTERMSIG(status));

			if (sig)
				snprintf(msg, len, "pid %d terminated by SIG%s",
					 p->pid, sig);
			else
				snprintf(msg, len,
					 "pid %d terminated by signal %d",
					 p->pid, WTERMSIG(status));
			p->exited = true;
			return true;
		}
		if (!WIFEXITED(status))
			return false;
	} else if (dt_proc_alive(p->pid)) {
		return false;
	}
	snprintf(msg, len, "pid %d has exited", p->pid);
	p->exited = true;
	return true;
}

/* At close: a -c child still there is killed and reaped. */
void dt_proc_release(dtrace_hdl_t *dtp)
{
	struct dt_proc *p = dtp->proc;

	if (!p)
		return;
	if (p->created && !p->exited && p->pid > 0) {
		kill(p->pid, SIGKILL);
		while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (p->argv)
		free(p->argv[0]);
	free(p->argv);
	free(p);
	dtp->proc = NULL;
}
