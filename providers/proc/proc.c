// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_proc.ko: the proc provider.  Thirteen probes on the life of
 * processes and threads (create, exec, exit, signals, thread start and
 * end), fired from the sched, signal and syscall-exit tracepoints, two
 * kprobes and a kretprobe (proc_hook_descs[] lists them), each hook
 * armed by the core's hook service only while a probe that needs it is
 * enabled.  The hooks are chosen to be there in every kernel
 * generation: a failed exec and a sigwait are seen as system calls
 * returning, not in functions the compiler renames
 * (do_sigtimedwait.isra.0) or that a missing file never reaches
 * (bprm_execve() on 6.12).  Arguments are task_structs that D sees
 * translated to psinfo_t and lwpsinfo_t (userland/lib/psinfo.d).
 * docs/providers/proc.md documents the probes and their arguments.
 */
#define pr_fmt(fmt) "dtrace proc: " fmt

#include <linux/binfmts.h>
#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <trace/events/signal.h>
#include <asm/syscall.h>
#include <asm/unistd.h>
#include <asm/unistd_32_ia32.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

/* exit's args[0], as in waitid()'s si_code */
#define PROC_CLD_EXITED		1
#define PROC_CLD_KILLED		2
#define PROC_CLD_DUMPED		3

enum proc_hook_nr {
	PROC_HOOK_FORK,		/* tracepoint sched_process_fork */
	PROC_HOOK_EXEC,		/* tracepoint sched_process_exec */
	PROC_HOOK_SIGGEN,	/* tracepoint signal_generate */
	PROC_HOOK_SIGDLV,	/* tracepoint signal_deliver */
	PROC_HOOK_EXIT,		/* kprobe taskstats_exit */
	PROC_HOOK_EXECVE,	/* kprobe alloc_bprm */
	PROC_HOOK_SYSEXIT,	/* tracepoint sys_exit */
	PROC_HOOK_NEWTASK,	/* kretprobe schedule_tail */
	PROC_NHOOKS
};

enum proc_probe_nr {
	PROC_CREATE, PROC_EXEC, PROC_EXEC_SUCCESS, PROC_EXEC_FAILURE,
	PROC_EXIT, PROC_SIGNAL_SEND, PROC_SIGNAL_HANDLE, PROC_SIGNAL_CLEAR,
	PROC_LWP_CREATE, PROC_LWP_START, PROC_LWP_EXIT, PROC_START,
	PROC_SIGNAL_DISCARD,
	PROC_NPROBES
};

struct proc_arg {
	const char	*native;
	const char	*xlate;		/* NULL: args[N] has the native type */
};

/* What a probe is; parg of each probe points at its entry of proc_defs. */
struct proc_def {
	const char		*name;
	enum proc_hook_nr	hook;
	struct proc_arg		args[3];
};

#define PROC_PSINFO	{ "struct task_struct *", "psinfo_t *" }
#define PROC_LWPSINFO	{ "struct task_struct *", "lwpsinfo_t *" }
#define PROC_INT	{ "int", NULL }

static const struct proc_def proc_defs[PROC_NPROBES] = {
	[PROC_CREATE]		= { "create", PROC_HOOK_FORK, { PROC_PSINFO } },
	[PROC_EXEC]		= { "exec", PROC_HOOK_EXECVE,
				    { { "string", NULL } } },
	[PROC_EXEC_SUCCESS]	= { "exec-success", PROC_HOOK_EXEC },
	[PROC_EXEC_FAILURE]	= { "exec-failure", PROC_HOOK_SYSEXIT,
				    { PROC_INT } },
	[PROC_EXIT]		= { "exit", PROC_HOOK_EXIT, { PROC_INT } },
	[PROC_SIGNAL_SEND]	= { "signal-send", PROC_HOOK_SIGGEN,
				    { PROC_LWPSINFO, PROC_PSINFO, PROC_INT } },
	[PROC_SIGNAL_HANDLE]	= { "signal-handle", PROC_HOOK_SIGDLV,
				    { PROC_INT,
				      { "struct kernel_siginfo *", NULL },
				      { "void (*)(int)", NULL } } },
	[PROC_SIGNAL_CLEAR]	= { "signal-clear", PROC_HOOK_SYSEXIT,
				    { PROC_INT } },
	[PROC_LWP_CREATE]	= { "lwp-create", PROC_HOOK_FORK,
				    { PROC_LWPSINFO, PROC_PSINFO } },
	[PROC_LWP_START]	= { "lwp-start", PROC_HOOK_NEWTASK },
	[PROC_LWP_EXIT]		= { "lwp-exit", PROC_HOOK_EXIT },
	[PROC_START]		= { "start", PROC_HOOK_NEWTASK },
	[PROC_SIGNAL_DISCARD]	= { "signal-discard", PROC_HOOK_SIGGEN,
				    { PROC_LWPSINFO, PROC_PSINFO, PROC_INT } },
};

static dtrace_provider_id_t proc_id;
static dtrace_id_t proc_ids[PROC_NPROBES];
/* Whether each probe fires; read in probe context with READ_ONCE(). */
static bool proc_on[PROC_NPROBES];

static struct dtrace_hooks *proc_hooks;

static unsigned int krp_maxactive = 256;
module_param(krp_maxactive, uint, 0444);
MODULE_PARM_DESC(krp_maxactive,
		 "Calls of execve, sigtimedwait and new threads in flight at once that the return probes can follow, count (default 256)");

/* Fire probe @p with @n arguments if it is enabled. */
static void proc_fire(enum proc_probe_nr p, const u64 *args, unsigned int n,
		      int err)
{
	if (READ_ONCE(proc_on[p]))
		dtrace_probe_args(proc_ids[p], args, n, err);
}
NOKPROBE_SYMBOL(proc_fire);

/*
 * sched_process_fork: in the parent, before the child first runs.  A
 * child that is its own group leader is a new process, any other a new
 * thread of the parent's process.
 * Context: process; probe context.
 */
static void proc_fork(void *data, struct task_struct *parent,
		      struct task_struct *child)
{
	u64 args[2] = { (uintptr_t)child, (uintptr_t)child };

	if (child->pid == child->tgid)
		proc_fire(PROC_CREATE, args, 1, 0);
	else
		proc_fire(PROC_LWP_CREATE, args, 2, 0);
}
NOKPROBE_SYMBOL(proc_fork);

/* sched_process_exec: the new image is in place.  Context: process. */
static void proc_exec_success(void *data, struct task_struct *p,
			      pid_t old_pid, struct linux_binprm *bprm)
{
	proc_fire(PROC_EXEC_SUCCESS, NULL, 0, 0);
}
NOKPROBE_SYMBOL(proc_exec_success);

/*
 * taskstats_exit(tsk, group_dead), in do_exit() of the exiting thread,
 * after it set exit_code and while its memory is still there.  The
 * sched_process_exit tracepoint cannot tell the last thread of a
 * process: two threads exiting at once may both find the group's live
 * count at 0 there.  group_dead says it exactly, once per process.
 * exit_code holds the wait status: the signal in the low 7 bits (0 for
 * a normal exit), 0x80 for a core dump.
 * Context: process; probe context.
 */
static int proc_task_exit(struct kprobe *kp, struct pt_regs *regs)
{
	int code = current->exit_code;
	u64 reason;

	if (!(int)regs_get_kernel_argument(regs, 1)) {	/* group_dead */
		proc_fire(PROC_LWP_EXIT, NULL, 0, 0);
		return 0;
	}
	if (!(code & 0x7f))
		reason = PROC_CLD_EXITED;
	else if (code & 0x80)
		reason = PROC_CLD_DUMPED;
	else
		reason = PROC_CLD_KILLED;
	proc_fire(PROC_EXIT, &reason, 1, 0);
	return 0;
}
NOKPROBE_SYMBOL(proc_task_exit);

/*
 * signal_generate, in the sender with the receiver's siglock held.
 * A signal that was queued fires signal-send; one the receiver ignores
 * (its action SIG_IGN, or a default action of ignoring it) is thrown
 * away and fires signal-discard; one merged into one already pending,
 * or dropped for want of queue space, fires neither.
 * Context: process or irq; probe context.
 */
static void proc_signal_generate(void *data, int sig,
				 struct kernel_siginfo *info,
				 struct task_struct *task, int group,
				 int result)
{
	u64 args[3] = { (uintptr_t)task, (uintptr_t)task, sig };

	if (result == TRACE_SIGNAL_DELIVERED ||
	    result == TRACE_SIGNAL_LOSE_INFO)
		proc_fire(PROC_SIGNAL_SEND, args, 3, 0);
	else if (result == TRACE_SIGNAL_IGNORED)
		proc_fire(PROC_SIGNAL_DISCARD, args, 3, 0);
}
NOKPROBE_SYMBOL(proc_signal_generate);

/*
 * signal_deliver: the receiving thread took a signal off its queue and
 * is about to act on it (run the handler, or the default action).  A
 * signal whose default action kills the process (SIGUSR1 nobody
 * handles) is turned by the sender into a group exit, which each thread
 * then takes as SIGKILL; the signal that caused it is the group's exit
 * code, and that is the signal the process received.  A group exit not
 * caused by a signal (exit_group()) has none there: its SIGKILL stays.
 * Context: process; probe context.
 */
static void proc_signal_deliver(void *data, int sig,
				struct kernel_siginfo *info,
				struct k_sigaction *ka)
{
	const struct signal_struct *s = current->signal;
	u64 args[3] = { sig, (uintptr_t)info, (uintptr_t)ka->sa.sa_handler };

	if (sig == SIGKILL && (READ_ONCE(s->flags) & SIGNAL_GROUP_EXIT) &&
	    (READ_ONCE(s->group_exit_code) & 0x7f))
		args[0] = READ_ONCE(s->group_exit_code) & 0x7f;

	proc_fire(PROC_SIGNAL_HANDLE, args, 3, 0);
}
NOKPROBE_SYMBOL(proc_signal_deliver);

/*
 * alloc_bprm(fd, filename, ...), entry: an exec begins, of the file
 * filename->name, before the file is even opened.  Context: process;
 * probe context.
 */
static int proc_execve_entry(struct kprobe *kp, struct pt_regs *regs)
{
	const struct filename *f = (void *)regs_get_kernel_argument(regs, 1);
	u64 path = (uintptr_t)f->name;

	proc_fire(PROC_EXEC, &path, 1, 0);
	return 0;
}
NOKPROBE_SYMBOL(proc_execve_entry);

static bool proc_syscall_is_exec(long nr)
{
	if (in_compat_syscall())
		return nr == __NR_ia32_execve || nr == __NR_ia32_execveat;
	return nr == __NR_execve || nr == __NR_execveat;
}

static bool proc_syscall_is_sigwait(long nr)
{
	if (in_compat_syscall())
		return nr == __NR_ia32_rt_sigtimedwait ||
		       nr == __NR_ia32_rt_sigtimedwait_time64;
	return nr == __NR_rt_sigtimedwait;
}

/*
 * A system call returns: an exec that failed (a negative errno) fires
 * exec-failure; a sigwait()/sigtimedwait()/sigwaitinfo() that took a
 * signal off the pending set (a positive return) fires signal-clear.
 * Context: process; probe context.
 */
static void proc_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	long nr = syscall_get_nr(current, regs);
	u64 arg;

	if (ret < 0 && proc_syscall_is_exec(nr)) {
		arg = ret;	/* -ENOENT, as DTrace on Linux gives it */
		proc_fire(PROC_EXEC_FAILURE, &arg, 1, -ret);
	} else if (ret > 0 && proc_syscall_is_sigwait(nr)) {
		arg = ret;
		proc_fire(PROC_SIGNAL_CLEAR, &arg, 1, 0);
	}
}
NOKPROBE_SYMBOL(proc_sys_exit);

/*
 * schedule_tail() returned: a new thread runs for the first time, in
 * its own context, with the runqueue lock already dropped.  Kernel
 * threads are not processes of the proc provider.
 */
static int proc_newtask_return(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	if (current->flags & PF_KTHREAD)
		return 0;
	if (current->pid == current->tgid)
		proc_fire(PROC_START, NULL, 0, 0);
	else
		proc_fire(PROC_LWP_START, NULL, 0, 0);
	return 0;
}
NOKPROBE_SYMBOL(proc_newtask_return);

static const struct dtrace_hook_desc proc_hook_descs[PROC_NHOOKS] = {
	[PROC_HOOK_FORK]	= DTRACE_HOOK_TP("sched_process_fork", proc_fork),
	[PROC_HOOK_EXEC]	= DTRACE_HOOK_TP("sched_process_exec",
						 proc_exec_success),
	[PROC_HOOK_SIGGEN]	= DTRACE_HOOK_TP("signal_generate",
						 proc_signal_generate),
	[PROC_HOOK_SIGDLV]	= DTRACE_HOOK_TP("signal_deliver",
						 proc_signal_deliver),
	[PROC_HOOK_EXIT]	= DTRACE_HOOK_KP("taskstats_exit", proc_task_exit),
	[PROC_HOOK_EXECVE]	= DTRACE_HOOK_KP("alloc_bprm", proc_execve_entry),
	[PROC_HOOK_SYSEXIT]	= DTRACE_HOOK_TP("sys_exit", proc_sys_exit),
	[PROC_HOOK_NEWTASK]	= {
		.kind = DTRACE_HOOK_KRETPROBE, .symbols = { "schedule_tail" },
		.ret = proc_newtask_return,
	},
};

/* Arm the hook of probe @parg, then let it fire.  Context: process. */
static int proc_enable(void *arg, dtrace_id_t id, void *parg)
{
	const struct proc_def *def = parg;
	int ret;

	ret = dtrace_hooks_arm(proc_hooks, BIT(def->hook));
	if (!ret)
		WRITE_ONCE(proc_on[def - proc_defs], true);
	return ret;
}

/*
 * Disarming the hook waits out its running handlers.  A hook that stays
 * armed for another probe may be inside proc_fire() for this one, past
 * the test of proc_on[]: the core waits a grace period before it frees
 * what the probe could reach.
 */
static void proc_disable(void *arg, dtrace_id_t id, void *parg)
{
	const struct proc_def *def = parg;

	WRITE_ONCE(proc_on[def - proc_defs], false);
	dtrace_hooks_disarm(proc_hooks, BIT(def->hook));
}

static void proc_getargdesc(void *arg, dtrace_id_t id, void *parg,
			    struct dtrace_ioc_probearg *desc)
{
	const struct proc_def *def = parg;
	const struct proc_arg *a;

	if (desc->argno >= ARRAY_SIZE(def->args))
		return;
	a = &def->args[desc->argno];
	if (!a->native)
		return;
	strscpy(desc->native, a->native, sizeof(desc->native));
	if (a->xlate) {
		strscpy(desc->xlate, a->xlate, sizeof(desc->xlate));
		desc->mapping = desc->argno;
	}
}

/* DTrace's attributes for its proc provider */
static const struct dtrace_pattr proc_attr = DTRACE_PATTR_EVENTS;

static const struct dtrace_pops proc_pops = {
	.owner		= THIS_MODULE,
	.enable		= proc_enable,
	.disable	= proc_disable,
	.getargdesc	= proc_getargdesc,
	.attr		= &proc_attr,
};

static int __init proc_init(void)
{
	int ret, i;

	proc_hooks = dtrace_hooks_create("proc", proc_hook_descs, PROC_NHOOKS,
					 krp_maxactive);
	if (IS_ERR(proc_hooks)) {
		ret = PTR_ERR(proc_hooks);
		goto out;
	}
	ret = dtrace_register("proc", &proc_pops, NULL, &proc_id);
	if (ret)
		goto out_hooks;
	for (i = 0; i < PROC_NPROBES; i++) {
		proc_ids[i] = dtrace_probe_create(proc_id, "", "",
						  proc_defs[i].name,
						  (void *)&proc_defs[i]);
		if (proc_ids[i] == DTRACE_IDNONE) {
			ret = -ENOMEM;
			goto out_unregister;
		}
	}
	return 0;

out_unregister:
	dtrace_unregister(proc_id);
out_hooks:
	dtrace_hooks_destroy(proc_hooks);
out:
	pr_err("cannot register: %d\n", ret);
	return ret;
}

/* No probe is enabled: the core holds this module while one is. */
static void __exit proc_exit(void)
{
	dtrace_unregister(proc_id);
	dtrace_hooks_destroy(proc_hooks);
}

module_init(proc_init);
module_exit(proc_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace proc provider: process and thread life-cycle probes");
MODULE_IMPORT_NS(DTRACE_NS);
