/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * Process and thread information in the shape D programs know from
 * other DTraces: psinfo_t and lwpsinfo_t, translated from a Linux
 * struct task_struct (through the kernel's BTF), and curpsinfo and
 * curlwpsinfo for the current thread.  Loaded before every program
 * (userland/libdtrace/dt_lib.c); a member the running kernel lacks
 * fails only the programs that read it.
 */

typedef struct psinfo {
	int pr_nlwp;		/* threads in the process */
	pid_t pr_pid;		/* process id (tgid) */
	pid_t pr_ppid;		/* parent's process id */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* address of the task_struct */
	char pr_fname[16];	/* command name (comm) */
	char pr_psargs[80];	/* TODO(issue 3): the command line lives in
				   user memory; this is comm for now */
} psinfo_t;

typedef struct lwpsinfo {
	id_t pr_lwpid;		/* thread id */
	uintptr_t pr_addr;	/* address of the task_struct */
	int pr_pri;		/* kernel priority (prio) */
	processorid_t pr_onpro;	/* CPU it last ran on */
	char pr_name[16];	/* thread name (comm) */
} lwpsinfo_t;

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_uid = T->real_cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->real_cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_fname = T->comm;
	pr_psargs = T->comm;
};

translator lwpsinfo_t < struct task_struct *T > {
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_pri = T->prio;
	pr_onpro = T->cpu;
	pr_name = T->comm;
};

inline psinfo_t *curpsinfo = xlate < psinfo_t * > (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate < lwpsinfo_t * > (curthread);
