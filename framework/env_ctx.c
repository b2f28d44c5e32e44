// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's side of the engine (framework/engine/env.h): fault-safe
 * copies of kernel and user memory, the built-in variables that read
 * the current task, CPU and clock, declared variables' storage, and the
 * subroutines that read kernel objects (d_path, mutex_owned, ...,
 * progenyof, _psargs, _cpuinfo, rand, speculation).  The engine hands
 * in its part of the machine state; to_mstate() finds the kernel's
 * around it.
 *
 * Probe context, under the rules at the top of probe_ctx.c; built
 * without ftrace hooks.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/kprobes.h>
#include <linux/mount.h>
#include <linux/mutex.h>
#include <linux/path.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <linux/topology.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <asm/tsc.h>
#include "internal.h"
#include "engine/env.h"

/* Characters of a command line _psargs() returns: psinfo_t's pr_psargs. */
#define DTRACE_PSARGS_MAX	79
/* Ancestors progenyof() looks at before giving up. */
#define DTRACE_PROGENY_MAX	4096
/* Path components d_path() walks before giving up. */
#define DTRACE_D_PATH_MAX	256

/*
 * The low bits of struct mutex's owner word that are flags, not part of
 * the owner's task_struct address (task_structs are cache-line aligned).
 */
#ifdef CONFIG_PREEMPT_RT
#define DTRACE_MUTEX_FLAGS	0x1UL	/* rt_mutex: has waiters */
#else
#define DTRACE_MUTEX_FLAGS	0x7UL	/* waiters, handoff, pickup */
#endif

/* An rw_semaphore's count word has this bit set while a writer holds it. */
#define DTRACE_RWSEM_WRITER	0x1UL

static DEFINE_PER_CPU(u64, dtrace_rand_state);

static_assert(DTRACE_DIF_NARGS == DTRACE_PROBE_NARGS);
static_assert(DTRACE_ENGINE_PAGE == PAGE_SIZE);

/* --- memory --------------------------------------------------------- */

int dtrace_env_read(void *dst, uintptr_t src, size_t n, bool user)
{
	if (user)
		return copy_from_user_nofault(dst, (const void __user *)src, n);
	return copy_from_kernel_nofault(dst, (const void *)src, n);
}
NOKPROBE_SYMBOL(dtrace_env_read);

int dtrace_env_write_user(uintptr_t dst, const void *src, size_t n)
{
	return copy_to_user_nofault((void __user *)dst, src, n);
}
NOKPROBE_SYMBOL(dtrace_env_write_user);

static size_t dtrace_env_page_left(uintptr_t addr)
{
	return PAGE_SIZE - offset_in_page(addr);
}

/* --- variables ------------------------------------------------------ */

/* Whether current has user-mode registers worth reading. */
static bool dtrace_has_user(void)
{
	return current->mm && !(current->flags & PF_KTHREAD);
}

u64 dtrace_env_variable(struct dtrace_dif_mstate *dif, u32 var)
{
	struct dtrace_mstate *mst = to_mstate(dif);
	struct task_struct *task = current;
	u64 pcs[2];

	switch (var) {
	case DTRACE_DIF_VAR_PID:
		return task->tgid;
	case DTRACE_DIF_VAR_TID:
		return task->pid;
	case DTRACE_DIF_VAR_PPID:
		return rcu_dereference_sched(task->real_parent)->tgid;
	case DTRACE_DIF_VAR_UID:
		return __kuid_val(current_uid());
	case DTRACE_DIF_VAR_GID:
		return __kgid_val(current_gid());
	case DTRACE_DIF_VAR_EXECNAME:
		return (uintptr_t)task->comm;
	case DTRACE_DIF_VAR_CPU:
		return smp_processor_id();
	case DTRACE_DIF_VAR_TIMESTAMP:
		return dtrace_mstate_timestamp(mst);
	case DTRACE_DIF_VAR_WALLTIMESTAMP:
		return ktime_get_real_fast_ns();
	case DTRACE_DIF_VAR_ID:
		return mst->probe->id;
	case DTRACE_DIF_VAR_EPID:
		return mst->ecb->epid;
	case DTRACE_DIF_VAR_PROBEPROV:
		return (uintptr_t)mst->probe->prov->name;
	case DTRACE_DIF_VAR_PROBEMOD:
		return (uintptr_t)mst->probe->mod;
	case DTRACE_DIF_VAR_PROBEFUNC:
		return (uintptr_t)mst->probe->func;
	case DTRACE_DIF_VAR_PROBENAME:
		return (uintptr_t)mst->probe->name;
	case DTRACE_DIF_VAR_CURTHREAD:
		return (uintptr_t)task;
	case DTRACE_DIF_VAR_ERRNO:
		return mst->errno_val;
	case DTRACE_DIF_VAR_VTIMESTAMP:
		/* As of the task's last tick or switch; see docs/abi.md. */
		return READ_ONCE(task->se.sum_exec_runtime);
	case DTRACE_DIF_VAR_STACKDEPTH:
		return dtrace_stack_kernel(mst, NULL, 0);
	case DTRACE_DIF_VAR_USTACKDEPTH:
		return dtrace_stack_user(mst, NULL, DTRACE_USTACK_MAX);
	case DTRACE_DIF_VAR_CALLER:
		return dtrace_caller(mst);
	case DTRACE_DIF_VAR_UCALLER:
		return dtrace_stack_user(mst, pcs, 2) == 2 ? pcs[1] : 0;
	case DTRACE_DIF_VAR_IPL:
		return dtrace_ipl(mst);
	}
	return 0;	/* the verifier lets no other number through */
}
NOKPROBE_SYMBOL(dtrace_env_variable);

/* Words of uregs[] past struct pt_regs, as userland/lib/regs.d names them. */
enum {
	DTRACE_UREG_DS,
	DTRACE_UREG_ES,
	DTRACE_UREG_FS,
	DTRACE_UREG_GS,
	DTRACE_UREG_TRAPNO,
	DTRACE_UREG_NEXTRA
};

/*
 * uregs[i] past the user struct pt_regs: what the current thread's
 * thread_struct saved (its own, so no other CPU changes it under us).
 */
static u64 dtrace_ureg_extra(u64 i)
{
	const struct thread_struct *t = &current->thread;

	switch (i) {
	case DTRACE_UREG_DS:
		return t->ds;
	case DTRACE_UREG_ES:
		return t->es;
	case DTRACE_UREG_FS:
		return t->fsbase;
	case DTRACE_UREG_GS:
		return t->gsbase;
	default:
		return t->trap_nr;
	}
}

/* LDVA: uregs[i], and args[i] for an i the engine found out of range. */
u64 dtrace_env_array(struct dtrace_dif_mstate *mst, u32 var, u64 i)
{
	const u64 nregs = sizeof(struct pt_regs) / sizeof(u64);

	if (var == DTRACE_DIF_VAR_UREGS && i < nregs + DTRACE_UREG_NEXTRA) {
		if (!dtrace_has_user())
			return 0;
		if (i >= nregs)
			return dtrace_ureg_extra(i - nregs);
		return ((u64 *)task_pt_regs(current))[i];
	}
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, i);
	return 0;
}
NOKPROBE_SYMBOL(dtrace_env_array);

char *dtrace_env_var_storage(struct dtrace_dif_mstate *dif, u32 scope,
			     u32 id, const struct dtrace_var **var)
{
	struct dtrace_state *state = to_mstate(dif)->ecb->state;
	char *base = state->globals;

	if (scope == DTRACE_DIFV_SCOPE_LOCAL)
		base = this_cpu_ptr(state->buffers)->locals;
	*var = &state->vars[id];
	return base + state->vars[id].offset;
}
NOKPROBE_SYMBOL(dtrace_env_var_storage);

static bool dtrace_in_range(uintptr_t addr, size_t size, const void *base,
			    u32 len)
{
	uintptr_t b = (uintptr_t)base;

	return addr >= b && addr - b < len && size <= len - (addr - b);
}

bool dtrace_env_var_writable(struct dtrace_dif_mstate *dif, uintptr_t addr,
			     size_t size)
{
	struct dtrace_state *state = to_mstate(dif)->ecb->state;

	return dtrace_in_range(addr, size, state->globals, state->globalsize) ||
	       dtrace_in_range(addr, size,
			       this_cpu_ptr(state->buffers)->locals,
			       state->localsize);
}
NOKPROBE_SYMBOL(dtrace_env_var_writable);

/* --- kernel objects ----------------------------------------------- */

/* progenyof(pid): whether the current task or an ancestor has tgid @pid. */
static u64 dtrace_subr_progenyof(s64 pid)
{
	struct task_struct *t = current, *parent;
	int depth;

	for (depth = 0; depth < DTRACE_PROGENY_MAX; depth++) {
		if (t->tgid == pid)
			return 1;
		parent = rcu_dereference_sched(t->real_parent);
		if (!parent || parent == t)
			break;
		t = parent;
	}
	return 0;
}

/*
 * Copy up to @n bytes of the current task's memory at @uaddr to @dst,
 * page by page, stopping at the first page that cannot be read (not
 * present: this cannot fault it in).  Return: the bytes copied.
 */
static size_t dtrace_subr_user_prefix(char *dst, uintptr_t uaddr, size_t n)
{
	size_t done = 0;

	while (done < n) {
		size_t k = min(n - done, dtrace_env_page_left(uaddr + done));

		if (copy_from_user_nofault(dst + done,
					   (const void __user *)(uaddr + done),
					   k))
			break;
		done += k;
	}
	return done;
}

/*
 * _psargs(task): psinfo_t's pr_psargs.  For the current task, its
 * arguments as exec() laid them out in its memory (mm->arg_start ..
 * arg_end), NULs turned into spaces, at most DTRACE_PSARGS_MAX
 * characters.  Another task's memory cannot be read from probe
 * context, so for any other task (and for a task without user memory,
 * or whose argument pages are not present) it is the task's comm.
 */
static u64 dtrace_subr_psargs(struct dtrace_dif_mstate *mst, uintptr_t task)
{
	u32 max = min_t(u32, (mst->strsize - 1), DTRACE_PSARGS_MAX);
	struct task_struct *t = (struct task_struct *)task;
	struct mm_struct *mm = current->mm;
	unsigned long start, end;
	size_t n = 0, i;
	char *buf;

	buf = dtrace_dif_strbuf(mst);
	if (!buf)
		return 0;
	if (t == current && mm && !(current->flags & PF_KTHREAD)) {
		start = READ_ONCE(mm->arg_start);
		end = READ_ONCE(mm->arg_end);
		if (end > start)
			n = dtrace_subr_user_prefix(buf, start,
						    min_t(unsigned long,
							  end - start, max));
	}
	while (n && !buf[n - 1])
		n--;
	if (!n)
		return dtrace_dif_strload(mst, buf, (uintptr_t)t->comm,
					   min_t(u32, max, TASK_COMM_LEN - 1),
					   false) < 0 ? 0 : (uintptr_t)buf;
	for (i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	buf[n] = '\0';
	return (uintptr_t)buf;
}

/*
 * _cpuinfo(cpu): CPU @cpu as cpuinfo_t describes it (struct
 * dtrace_cpuinfo of the ABI header), built in scratch from the
 * kernel's topology as it is now; NULL for a number that is no
 * possible CPU.  pi_clock is the TSC's nominal frequency.
 */
static u64 dtrace_subr_cpuinfo(struct dtrace_dif_mstate *mst, s64 cpu)
{
	const char *arch = init_utsname()->machine;
	struct dtrace_cpuinfo *ci;
	size_t i;

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return 0;
	ci = dtrace_dif_scratch_alloc(mst, sizeof(*ci));
	if (!ci)
		return 0;
	ci->cpu_id = cpu;
	ci->cpu_pset = -1;
	ci->cpu_chip = topology_physical_package_id(cpu);
	ci->cpu_lgrp = cpu_to_node(cpu);
	ci->cpu_info.pi_state = cpu_online(cpu) ? DTRACE_P_ONLINE :
						  DTRACE_P_OFFLINE;
	for (i = 0; i + 1 < sizeof(ci->cpu_info.pi_processor_type) && arch[i];
	     i++)
		ci->cpu_info.pi_processor_type[i] = arch[i];
	ci->cpu_info.pi_clock = cpu_khz / 1000;
	return (uintptr_t)ci;
}

/*
 * Prepend "/name" of @dentry to the path being built backwards in
 * @buf[0, *@pos).  False when it does not fit or cannot be read.
 */
static bool dtrace_subr_d_path_add(struct dtrace_dif_mstate *mst, char *buf,
				   u32 *pos, const struct dentry *dentry)
{
	struct qstr name;

	if (!dtrace_dif_read(mst, &name, (uintptr_t)&dentry->d_name,
			     sizeof(name), false))
		return false;
	if (name.len >= *pos)
		return false;
	*pos -= name.len;
	if (!dtrace_dif_read(mst, buf + *pos, (uintptr_t)name.name,
			     name.len, false))
		return false;
	buf[--*pos] = '/';
	return true;
}

/* Whether @mnt is the mount of the current task's root directory. */
static bool dtrace_subr_is_root_mnt(struct dtrace_dif_mstate *mst,
				    const struct vfsmount *mnt)
{
	struct fs_struct *fs = current->fs;
	struct vfsmount *root;

	if (!fs || !dtrace_dif_read(mst, &root, (uintptr_t)&fs->root.mnt,
				    sizeof(root), false))
		return false;
	return root == mnt;
}

/*
 * d_path(struct path *): the path of @p inside its own mount, built from
 * the dentry's d_parent chain up to the mount's root.  The mount point is
 * in struct mount, which is private to fs/: when the mount is the current
 * task's root mount the path is absolute as is; otherwise it is prefixed
 * with the superblock's id and a colon ("proc:/1/status").  A path too
 * long for strsize keeps its last characters behind "...".
 */
static u64 dtrace_subr_d_path(struct dtrace_dif_mstate *mst, uintptr_t p)
{
	u32 max = (mst->strsize - 1), pos = max, n, depth;
	struct dentry *dentry, *parent, *mroot;
	struct super_block *sb;
	char sid[sizeof_field(struct super_block, s_id)];
	struct path path;
	bool whole = true;
	char *buf;

	if (!dtrace_dif_read(mst, &path, p, sizeof(path), false) ||
	    !dtrace_dif_read(mst, &mroot, (uintptr_t)&path.mnt->mnt_root,
			      sizeof(mroot), false))
		return 0;
	buf = dtrace_dif_strbuf(mst);
	if (!buf)
		return 0;
	dentry = path.dentry;
	for (depth = 0; dentry != mroot; depth++) {
		if (!dtrace_dif_read(mst, &parent, (uintptr_t)&dentry->d_parent,
				     sizeof(parent), false))
			return 0;
		if (parent == dentry)
			break;
		if (depth == DTRACE_D_PATH_MAX ||
		    !dtrace_subr_d_path_add(mst, buf, &pos, dentry)) {
			if (mst->fault)
				return 0;
			whole = false;
			break;
		}
		dentry = parent;
	}
	if (pos == max && pos)
		buf[--pos] = '/';
	if (whole && !dtrace_subr_is_root_mnt(mst, path.mnt)) {
		if (!dtrace_dif_read(mst, &sb, (uintptr_t)&path.mnt->mnt_sb,
				     sizeof(sb), false) ||
		    !dtrace_dif_read(mst, sid, (uintptr_t)sb->s_id,
				      sizeof(sid), false))
			return 0;
		sid[sizeof(sid) - 1] = '\0';
		for (n = 0; sid[n]; n++)
			;
		if (n < pos) {
			buf[--pos] = ':';
			pos -= n;
			memcpy(buf + pos, sid, n);
		} else {
			whole = false;
		}
	}
	if (!whole) {
		/* "..." goes over the first characters if it must */
		n = min(3U, max);
		pos = pos >= n ? pos - n : 0;
		memset(buf + pos, '.', n);
	}
	memmove(buf, buf + pos, max - pos);
	buf[max - pos] = '\0';
	return (uintptr_t)buf;
}

/* The owner word of a struct mutex, flag bits cleared. */
static u64 dtrace_subr_mutex_owner(struct dtrace_dif_mstate *mst, uintptr_t m)
{
	unsigned long owner;
#ifdef CONFIG_PREEMPT_RT
	size_t off = offsetof(struct mutex, rtmutex.owner);
#else
	size_t off = offsetof(struct mutex, owner);
#endif

	if (!dtrace_dif_read(mst, &owner, m + off, sizeof(owner), false))
		return 0;
	return owner & ~DTRACE_MUTEX_FLAGS;
}

static u64 dtrace_subr_rw_iswriter(struct dtrace_dif_mstate *mst, uintptr_t sem)
{
#ifdef CONFIG_PREEMPT_RT
	atomic_t readers;

	if (!dtrace_dif_read(mst, &readers, sem +
			      offsetof(struct rw_semaphore, rwbase.readers),
			      sizeof(readers), false))
		return 0;
	return atomic_read(&readers) == WRITER_BIAS;
#else
	atomic_long_t count;

	if (!dtrace_dif_read(mst, &count, sem +
			      offsetof(struct rw_semaphore, count),
			      sizeof(count), false))
		return 0;
	return !!(atomic_long_read(&count) & DTRACE_RWSEM_WRITER);
#endif
}

/*
 * Whether the spinlock_t at @lock is held: a snapshot of it is asked
 * through the kernel's own inline test, which only reads the lock word.
 */
static u64 dtrace_subr_spin_locked(struct dtrace_dif_mstate *mst, uintptr_t lock)
{
	spinlock_t snap;	/* a copy, never taken */

	if (!dtrace_dif_read(mst, &snap, lock, sizeof(snap), false))
		return 0;
#ifdef CONFIG_PREEMPT_RT
	return rt_mutex_base_is_locked(&snap.lock);
#else
	return raw_spin_is_locked(&snap.rlock);
#endif
}

static u64 dtrace_subr_rand(void)
{
	u64 *st = this_cpu_ptr(&dtrace_rand_state);
	u64 x = *st;

	if (!x)
		x = (ktime_get_mono_fast_ns() ^
		     ((u64)smp_processor_id() << 32)) | 1;
	/* xorshift64* */
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*st = x;
	return (u32)((x * 0x2545f4914f6cdd1dULL) >> 32);
}

/* --- entry point ---------------------------------------------------- */

u64 dtrace_env_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst)
{
	u64 a0 = ntup > 0 ? tup[0].value : 0;

	switch (subr) {
	case DTRACE_DIF_SUBR_RAND:
		return dtrace_subr_rand();
	case DTRACE_DIF_SUBR_PROGENYOF:
		return dtrace_subr_progenyof(a0);
	case DTRACE_DIF_SUBR_D_PATH:
		return dtrace_subr_d_path(mst, a0);
	case DTRACE_DIF_SUBR_MUTEX_OWNED:
		return !!dtrace_subr_mutex_owner(mst, a0);
	case DTRACE_DIF_SUBR_MUTEX_OWNER:
		return dtrace_subr_mutex_owner(mst, a0);
	case DTRACE_DIF_SUBR_RW_ISWRITER:
		return dtrace_subr_rw_iswriter(mst, a0);
	case DTRACE_DIF_SUBR_SPIN_LOCKED:
		return dtrace_subr_spin_locked(mst, a0);
	case DTRACE_DIF_SUBR_SPECULATION:
		return dtrace_spec_claim(to_mstate(mst));
	case DTRACE_DIF_SUBR_PSARGS:
		return dtrace_subr_psargs(mst, a0);
	case DTRACE_DIF_SUBR_CPUINFO:
		return dtrace_subr_cpuinfo(mst, a0);
	}
	dtrace_dif_fault(mst, DTRACEFLT_ILLOP, subr);
	return 0;
}
NOKPROBE_SYMBOL(dtrace_env_subr);
