// SPDX-License-Identifier: GPL-2.0
/*
 * The target process of -c and -p ($target).  -c: the command line is
 * split into words (quotes and backslashes as the shell has them), the
 * program looked up in PATH, then a child forks, asks to be traced and
 * stops before its exec.  dtrace_proc_continue() lets it go once
 * tracing runs, so its exec is traced.  When user probes are to be made
 * in it first (dt_proc_exec(), from dt_pid.c), dtrace runs it with
 * ptrace through its exec to its entry point, where the dynamic linker
 * has mapped its libraries, and it waits there instead.  Should dtrace
 * die first, the kernel kills the child (PTRACE_O_EXITKILL).  When a
 * provider glob (myapp*) is enabled, the child stays traced once it
 * runs: each child it forks stops at its start until dt_pid_follow()
 * has made and enabled its probes; its execs and signals only pass
 * through dtrace (dt_proc_stopped()).  When descriptions of its own
 * probes are kept, it also stays traced, with a breakpoint at the
 * dynamic linker's notification: at each dlopen() it waits there until
 * the probes in the new library are made and enabled.  -p: a
 * running process is only checked to exist; it may be stopped or traced
 * by a debugger.  Either way
 * dtrace_proc_exited() tells when it is gone, and dtrace_close() kills
 * a created child that is still there.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_impl.h"
#include "dt_sym.h"

struct dt_proc {
	pid_t pid;
	bool created;		/* our child (-c), else grabbed (-p) */
	bool exited;
	bool traced;		/* stopped under our ptrace (-c) */
	bool execed;		/* ... after its exec, at its entry */
	bool follow;		/* running traced, its forks followed */
	uint64_t rtld_brk;	/* our breakpoint at r_debug.r_brk, or 0 */
	long rtld_word;		/* the text it replaced */
	bool reaped;		/* its end was waited for: ... */
	int reaped_status;	/* ... with this status */
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

static int dt_proc_waitflags(pid_t pid, int *status, int flags)
{
	pid_t r;

	while ((r = waitpid(pid, status, flags)) < 0 && errno == EINTR)
		;
	return r == pid ? 0 : -1;
}

static int dt_proc_wait(pid_t pid, int *status)
{
	return dt_proc_waitflags(pid, status, 0);
}

/* ... for a traced fork child too, which is not our child */
static int dt_proc_wait_all(pid_t pid, int *status)
{
	return dt_proc_waitflags(pid, status, __WALL);
}

/* The value of @type in @pid's auxiliary vector, or 0. */
static uint64_t dt_proc_auxv(pid_t pid, uint64_t type)
{
	uint64_t av[2], val = 0;
	char path[64];
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	while (fread(av, sizeof(av), 1, fp) == 1 && av[0] != AT_NULL)
		if (av[0] == type)
			val = av[1];
	fclose(fp);
	return val;
}

/* The program's entry point. */
static uint64_t dt_proc_entry(pid_t pid)
{
	return dt_proc_auxv(pid, AT_ENTRY);
}

/* Read @len bytes at @addr of stopped process @pid.  Return: 0 or -1. */
static int dt_proc_read(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = pread(fd, buf, len, (off_t)addr);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/*
 * The dynamic linker's notification of @pid, stopped at its entry: the
 * function (r_debug.r_brk) it calls before and after it changes the
 * list of loaded objects (dlopen(), dlclose()).  r_debug is where the
 * program's DT_DEBUG entry points, found from its program headers in
 * memory.  Return: the address, or 0 (a static program, or unreadable).
 */
static uint64_t dt_proc_rtld_brk(pid_t pid)
{
	uint64_t phdr = dt_proc_auxv(pid, AT_PHDR);
	uint64_t phnum = dt_proc_auxv(pid, AT_PHNUM);
	uint64_t bias = 0, dyn = 0, rdebug = 0, brk = 0;
	Elf64_Phdr ph[64];
	Elf64_Dyn d;
	unsigned int i;

	if (!phdr || !phnum || phnum > 64 ||
	    dt_proc_read(pid, phdr, ph, phnum * sizeof(ph[0])))
		return 0;
	for (i = 0; i < phnum; i++)
		if (ph[i].p_type == PT_PHDR)
			bias = phdr - ph[i].p_vaddr;
	for (i = 0; i < phnum; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			dyn = bias + ph[i].p_vaddr;
	for (i = 0; dyn && i < 512; i++) {
		if (dt_proc_read(pid, dyn + i * sizeof(d), &d, sizeof(d)) ||
		    d.d_tag == DT_NULL)
			break;
		if (d.d_tag == DT_DEBUG)
			rdebug = d.d_un.d_ptr;
	}
	if (rdebug)
		dt_proc_read(pid, rdebug + offsetof(struct r_debug, r_brk),
			     &brk, sizeof(brk));
	return brk;
}

/*
 * Hold the stopped target @p at each change of its loaded objects with
 * a breakpoint at the dynamic linker's notification.  Return: whether
 * it is placed.
 */
static bool dt_proc_rtld_arm(struct dt_proc *p)
{
	uint64_t brk = dt_proc_rtld_brk(p->pid);
	long word;

	if (!brk)
		return false;
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, p->pid, (void *)brk, NULL);
	if (errno || ptrace(PTRACE_POKETEXT, p->pid, (void *)brk,
			    (void *)((word & ~0xffL) | 0xcc)))
		return false;
	p->rtld_brk = brk;
	p->rtld_word = word;
	return true;
}

/*
 * Take the breakpoint out of @pid's memory: @p's own (for good, when a
 * thread or a vfork child shares it), or a fork child's copy.
 */
static void dt_proc_rtld_disarm(struct dt_proc *p, pid_t pid)
{
	if (!p->rtld_brk)
		return;
	ptrace(PTRACE_POKETEXT, pid, (void *)p->rtld_brk,
	       (void *)p->rtld_word);
	if (pid == p->pid)
		p->rtld_brk = 0;
}

/*
 * @p stopped with SIGTRAP: if at our breakpoint, the dynamic linker
 * has changed its objects; make the probes kept descriptions name in
 * new ones, wait for the kernel to enable them, then step over the
 * instruction and put the breakpoint back.  Return: -1 if it was not
 * ours, else the signal to let @p have (one that came during the step;
 * it will meet the breakpoint again after it).
 */
static int dt_proc_rtld_hit(dtrace_hdl_t *dtp, struct dt_proc *p)
{
	struct user_regs_struct regs;
	int status, sig = 0;

	if (!p->rtld_brk || ptrace(PTRACE_GETREGS, p->pid, NULL, &regs) ||
	    regs.rip != p->rtld_brk + 1)
		return -1;
	regs.rip = p->rtld_brk;
	ptrace(PTRACE_SETREGS, p->pid, NULL, &regs);
	ptrace(PTRACE_POKETEXT, p->pid, (void *)p->rtld_brk,
	       (void *)p->rtld_word);
	dt_pid_refresh_sync(dtp);
	if (ptrace(PTRACE_SINGLESTEP, p->pid, NULL, NULL) ||
	    dt_proc_wait(p->pid, &status) || !WIFSTOPPED(status)) {
		p->reaped = !WIFSTOPPED(status);
		p->reaped_status = status;
		p->rtld_brk = 0;
		return 0;
	}
	if (WSTOPSIG(status) != SIGTRAP)
		sig = WSTOPSIG(status);
	ptrace(PTRACE_POKETEXT, p->pid, (void *)p->rtld_brk,
	       (void *)((p->rtld_word & ~0xffL) | 0xcc));
	return sig;
}

/*
 * The traced child has just exec'd: run it to its entry point with a
 * breakpoint there, then put the instruction back.  Return: 0 with the
 * child stopped at its entry (or, if the breakpoint cannot be placed,
 * just after exec); -1 if it died.
 */
static int dt_proc_run_to_entry(pid_t pid)
{
	uint64_t entry = dt_proc_entry(pid);
	struct user_regs_struct regs;
	long word;
	int status;

	errno = 0;
	word = entry ? ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, NULL) : 0;
	if (!entry || errno ||
	    ptrace(PTRACE_POKETEXT, pid, (void *)entry,
		   (void *)((word & ~0xffL) | 0xcc)))
		return 0;
	if (ptrace(PTRACE_CONT, pid, NULL, NULL) || dt_proc_wait(pid, &status))
		return -1;
	if (!WIFSTOPPED(status))
		return -1;
	ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)word);
	if (WSTOPSIG(status) == SIGTRAP &&
	    !ptrace(PTRACE_GETREGS, pid, NULL, &regs) &&
	    regs.rip == entry + 1) {
		regs.rip = entry;
		ptrace(PTRACE_SETREGS, pid, NULL, &regs);
	}
	return 0;
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
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		execvp(p->argv[0], p->argv);
		fprintf(stderr, "dtrace: failed to execute %s: %s\n",
			p->argv[0], strerror(errno));
		_exit(127);
	}
	p->created = true;
	if (dt_proc_wait(p->pid, &status) || !WIFSTOPPED(status)) {
		p->exited = true;
		return dt_set_errno(dtp, ENOEXEC);
	}
	p->traced = true;
	ptrace(PTRACE_SETOPTIONS, p->pid, NULL, (void *)PTRACE_O_EXITKILL);
	dtp->target = p->pid;
	return p->pid;
}

/**
 * dt_proc_exec() - let the -c child exec, if @pid is it and has not yet
 * @dtp: the handle
 * @pid: a process user probes are about to be made in
 *
 * The child runs through its exec to its entry point and waits there.
 * Return: 0, or -1 if it died on the way.
 */
int dt_proc_exec(dtrace_hdl_t *dtp, int pid)
{
	struct dt_proc *p = dtp->proc;
	int status;

	if (!p || p->pid != pid || !p->traced || p->execed)
		return 0;
	if (ptrace(PTRACE_CONT, pid, NULL, NULL) || dt_proc_wait(pid, &status) ||
	    !WIFSTOPPED(status) || dt_proc_run_to_entry(pid)) {
		p->traced = false;
		return -1;
	}
	p->execed = true;
	dt_sym_uproc_read(dtp, pid);
	return 0;
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
	dt_sym_uproc_read(dtp, pid);
	return 0;
}

/*
 * Let the -c child run (tracing has started): untraced, or traced when
 * its fork children are to get the probes of a provider glob, or when
 * descriptions of its probes are kept and it is at its entry: then it
 * stops at each dlopen() until the probes in the new library are made
 * (dt_proc_rtld_hit()).  Threads and vfork children, which share its
 * memory, end the latter (the breakpoint would kill them untraced).
 */
void dtrace_proc_continue(dtrace_hdl_t *dtp)
{
	struct dt_proc *p = dtp->proc;
	long opts = PTRACE_O_EXITKILL | PTRACE_O_TRACEFORK |
		    PTRACE_O_TRACEEXEC;
	bool rtld;

	if (!p)
		return;
	rtld = p->traced && !p->exited && p->execed &&
	       dt_pid_kept_in(dtp, p->pid) && dt_proc_rtld_arm(p);
	if (rtld)
		opts |= PTRACE_O_TRACECLONE | PTRACE_O_TRACEVFORK;
	if (p->traced && !p->exited && (rtld || dt_pid_follows(dtp)) &&
	    !ptrace(PTRACE_SETOPTIONS, p->pid, NULL, (void *)opts) &&
	    !ptrace(PTRACE_CONT, p->pid, NULL, NULL)) {
		p->follow = true;
	} else if (p->traced && !p->exited) {
		dt_proc_rtld_disarm(p, p->pid);
		ptrace(PTRACE_DETACH, p->pid, NULL, NULL);
	}
	p->traced = false;
}

/*
 * A new task of the followed target (@event: a fork, a vfork or a
 * thread): it stops at its start (or dies first); a fork child gets
 * its copy of the memory without our breakpoint and, for provider
 * globs, its probes while it waits; then it goes untraced.
 */
static void dt_proc_child(dtrace_hdl_t *dtp, struct dt_proc *p,
			  pid_t child, int event)
{
	int status;

	if (dt_proc_wait_all(child, &status) || !WIFSTOPPED(status))
		return;
	if (event == PTRACE_EVENT_FORK) {
		dt_proc_rtld_disarm(p, child);
		if (dt_pid_follows(dtp))
			dt_pid_follow(dtp, child);
	}
	ptrace(PTRACE_DETACH, child, NULL, NULL);
}

/*
 * The followed target @p stopped, with @status: a fork (its child is
 * followed), an exec, or a signal on its way, which it gets as it would
 * untraced.  In a group stop (SIGSTOP, ^Z) it is let go, stopped, so
 * that a SIGCONT resumes it as it would: its forks are no longer
 * followed.
 */
static void dt_proc_stopped(dtrace_hdl_t *dtp, struct dt_proc *p, int status)
{
	int event = status >> 16;
	unsigned long msg;
	siginfo_t si;
	int sig = 0;

	if (event == PTRACE_EVENT_FORK || event == PTRACE_EVENT_VFORK ||
	    event == PTRACE_EVENT_CLONE) {
		if (event != PTRACE_EVENT_FORK)
			dt_proc_rtld_disarm(p, p->pid);
		if (!ptrace(PTRACE_GETEVENTMSG, p->pid, NULL, &msg))
			dt_proc_child(dtp, p, (pid_t)msg, event);
	} else if (event == PTRACE_EVENT_EXEC) {
		p->rtld_brk = 0;	/* gone with the old image */
	} else if (event == 0) {
		if (ptrace(PTRACE_GETSIGINFO, p->pid, NULL, &si)) {
			dt_proc_rtld_disarm(p, p->pid);
			ptrace(PTRACE_DETACH, p->pid, NULL, NULL);
			p->follow = false;
			return;
		}
		sig = WSTOPSIG(status);
		if (sig == SIGTRAP && si.si_code == SI_KERNEL) {
			sig = dt_proc_rtld_hit(dtp, p);
			if (sig < 0)
				sig = SIGTRAP;
			if (p->reaped)
				return;
		}
	}
	ptrace(PTRACE_CONT, p->pid, NULL, (void *)(long)sig);
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
		pid_t r;

		while (!p->reaped &&
		       (r = waitpid(p->pid, &status, WNOHANG)) == p->pid &&
		       p->follow && WIFSTOPPED(status))
			dt_proc_stopped(dtp, p, status);
		if (p->reaped) {
			r = p->pid;
			status = p->reaped_status;
		}
		if (r <= 0 || WIFSTOPPED(status))
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
