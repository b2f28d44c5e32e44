/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * Process and thread information in the shape D programs know from
 * other DTraces: psinfo_t and lwpsinfo_t, translated from a Linux
 * struct task_struct (through the kernel's BTF), curpsinfo and
 * curlwpsinfo for the current thread, and the constants of the proc
 * provider's arguments (docs/providers/proc.md).  Compiled for the
 * programs that use it (userland/libdtrace/dt_lib.c); a member the running kernel
 * lacks fails only the programs that read it.
 */

/* proc:::exit's args[0]: how the process ended (waitid()'s si_code) */
inline int CLD_EXITED = 1;	/* called exit() or returned from main */
inline int CLD_KILLED = 2;	/* killed by a signal */
inline int CLD_DUMPED = 3;	/* killed by a signal, and dumped core */

/* pr_dmodel */
inline int PR_MODEL_ILP32 = 1;	/* 32-bit: a compat (ia32, x32) task */
inline int PR_MODEL_LP64 = 2;

/* pr_ttydev of a process without a controlling terminal */
inline dev_t PRNODEV = (dev_t)-1;

/* lwpsinfo_t's pr_state; pr_sname is the letter in brackets */
inline int SSLEEP = 1;		/* [S] sleeping (or [D] uninterruptibly) */
inline int SRUN = 2;		/* [R] runnable, waiting for a CPU */
inline int SZOMB = 3;		/* [Z] exited, not yet reaped */
inline int SSTOP = 4;		/* [T] stopped or traced */
inline int SIDL = 5;		/* [I] being created */
inline int SONPROC = 6;		/* [O] running on a CPU */

typedef struct psinfo {
	int pr_nlwp;		/* threads in the process */
	pid_t pr_pid;		/* process id (tgid) */
	pid_t pr_ppid;		/* parent's process id */
	pid_t pr_pgid;		/* process group id */
	pid_t pr_sid;		/* session id */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* address of the task_struct */
	dev_t pr_ttydev;	/* controlling terminal (kernel dev_t), or
				   PRNODEV */
	uint64_t pr_start;	/* start time: ns since boot (not a
				   timestruc_t) */
	char pr_fname[16];	/* command name (comm) */
	char pr_psargs[80];	/* command line, arguments joined by spaces:
				   only the current process's can be read,
				   any other shows its comm */
	int pr_dmodel;		/* PR_MODEL_ILP32 or PR_MODEL_LP64 */
	int pr_projid;		/* 0: Linux has no projects, */
	int pr_taskid;		/* tasks */
	int pr_zoneid;		/* or zones, */
	int pr_poolid;		/* resource pools */
	int pr_contract;	/* or process contracts */
	int pr_wstat;		/* wait status, once it has exited */
	int pr_argc;		/* 0: Linux keeps no argument count */
	uintptr_t pr_argv;	/* user address of its arguments' text */
	uintptr_t pr_envp;	/* user address of its environment's text */
	int pr_nzomb;		/* 0: a thread leaves no zombie behind */
	size_t pr_size;		/* image size: not translated, as in */
	size_t pr_rssize;	/* resident size: DTrace on Linux */
} psinfo_t;

typedef struct lwpsinfo {
	int pr_flag;		/* the task's PF_* flags */
	id_t pr_lwpid;		/* thread id */
	uintptr_t pr_addr;	/* address of the task_struct */
	char pr_state;		/* SSLEEP, SRUN, ... */
	char pr_sname;		/* 'S', 'R', ... as in pr_state's comments */
	int pr_pri;		/* kernel priority (prio) */
	processorid_t pr_onpro;	/* CPU it runs or last ran on */
	char pr_name[16];	/* thread name (comm) */
	char pr_nice;		/* Solaris scheduling details, not */
	char pr_oldpri;		/* translated (as in DTrace on Linux): */
	char pr_cpu;		/* read, they are D_XLATE_NOCONV */
} lwpsinfo_t;

/*
 * pr_dmodel: a task whose address space ends below 4 GiB is a 32-bit
 * one (the kernel sets task_size from the ABI at exec), which needs no
 * architecture's thread flag.  A kernel thread has no mm: LP64.
 * pr_ttydev: the kernel's dev_t encoding, major << 20 | minor.
 * pr_start: CLOCK_MONOTONIC when the task was created, in ns.
 */
translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->real_cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->real_cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_ttydev = T->signal->tty == 0 ? PRNODEV :
	    (dev_t)((T->signal->tty->driver->major << 20) |
		    (T->signal->tty->driver->minor_start +
		     T->signal->tty->index));
	pr_start = T->start_time;
	pr_fname = T->comm;
	pr_psargs = _psargs(T);
	pr_dmodel = T->mm == 0 ? PR_MODEL_LP64 :
	    T->mm->task_size > 0xffffffff ? PR_MODEL_LP64 : PR_MODEL_ILP32;
	pr_projid = 0;
	pr_taskid = 0;
	pr_zoneid = 0;
	pr_poolid = 0;
	pr_contract = 0;
	pr_wstat = T->exit_code;
	pr_argc = 0;
	pr_argv = T->mm == 0 ? 0 : T->mm->arg_start;
	pr_envp = T->mm == 0 ? 0 : T->mm->env_start;
	pr_nzomb = 0;
};

/*
 * pr_state from __state (TASK_RUNNING 0; __TASK_STOPPED 4 and
 * __TASK_TRACED 8 stopped) and exit_state (EXIT_ZOMBIE 32); a running
 * task is on a CPU if on_cpu says so.  Everything else sleeps.
 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_state = (T->exit_state & 32) ? SZOMB :
	    (T->__state & 12) ? SSTOP :
	    T->__state != 0 ? SSLEEP :
	    T->on_cpu ? SONPROC : SRUN;
	pr_sname = (T->exit_state & 32) ? 'Z' :
	    (T->__state & 12) ? 'T' :
	    (T->__state & 2) ? 'D' :
	    T->__state != 0 ? 'S' :
	    T->on_cpu ? 'O' : 'R';
	pr_pri = T->prio;
	pr_onpro = T->thread_info.cpu;
	pr_name = T->comm;
};

inline psinfo_t *curpsinfo = xlate < psinfo_t * > (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate < lwpsinfo_t * > (curthread);
