/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What dtrace_core.ko offers to provider modules: registration, probe
 * creation, lookup and removal, and dtrace_probe(), the one call a
 * provider makes when one of its probes fires.
 * docs/writing-a-provider.md walks through a provider;
 * examples/provider/demo.c is a minimal one, providers/ has real ones.
 *
 * A provider includes this header and kernel headers, nothing from
 * framework/.  The symbols live in the DTRACE namespace: a provider says
 * MODULE_IMPORT_NS(DTRACE_NS); next to its MODULE_LICENSE("GPL").
 */
#ifndef _DTRACE_PROVIDER_H
#define _DTRACE_PROVIDER_H

#include <linux/module.h>
#include <linux/types.h>
#include <linux/dtrace.h>
#include <dtrace/compat.h>	/* DTRACE_NS */

typedef u32 dtrace_id_t;			/* probe id; 0 is none */
typedef unsigned long dtrace_provider_id_t;	/* opaque provider handle */

/**
 * struct dtrace_pops - what the core may ask of a provider
 * @owner: the module implementing these ops (THIS_MODULE).  The core
 *	holds a reference on it while any probe of the provider is
 *	enabled, so the provider cannot be unloaded under a trace.
 * @attr: the stability attributes of the provider's probes (DTrace's
 *	for its counterpart: docs/writing-a-provider.md); NULL gives
 *	Internal/Internal/Unknown for all, the least stable.
 * @max_enabled: the most probes of the provider that may be enabled at
 *	once, 0 for no limit.  An enabling that would go over it fails
 *	with -E2BIG before any probe is armed (fbt: placing and removing
 *	thousands of kprobes takes long).
 *
 * Ops a provider does not need are left NULL.  @arg is the pointer given
 * to dtrace_register(); @parg is the one given to dtrace_probe_create().
 * Each op's contract is at the op.
 */
struct dtrace_pops {
	struct module *owner;
	/**
	 * @provide: create the probes that @desc names and that do not
	 * exist yet (tick-1s).  @desc is what a consumer is matching:
	 * fields may be empty or globs, and the provider field already
	 * matches this provider.  A provider whose probes all exist from
	 * registration on leaves this NULL.
	 *
	 * Context: process; may sleep; the core's provider lock is held,
	 * so this may call dtrace_probe_lookup() and dtrace_probe_create()
	 * but not dtrace_register() or dtrace_unregister().
	 *
	 * Return: 0, or a negative errno saying why probes @desc names
	 * could not be made (fbt: -EBADMSG, the kernel's BTF is invalid);
	 * when no probe then matches @desc, the consumer gets it instead
	 * of "no probe matches".
	 */
	int (*provide)(void *arg, const struct dtrace_probedesc *desc);
	/**
	 * @enable: arm probe @id so that it calls dtrace_probe() when it
	 * fires.
	 *
	 * Context: process; may sleep; none of the core's global locks is
	 * held, so this may wait for what arming takes (uprobes read the
	 * probed file) without holding up other consumers, "dtrace -l" or
	 * dtrace_register().  The core serialises the provider's ->enable
	 * and ->disable calls (one at a time per provider, under a lock of
	 * that provider, and never twice in a row for one probe; a module
	 * that registers several providers sees calls for different ones
	 * run alongside each other), holds a reference on the provider's
	 * module and keeps the probe from being destroyed; ->provide,
	 * ->getargdesc and other providers' ops may run meanwhile.  Must
	 * not call dtrace_register(), dtrace_unregister(),
	 * dtrace_invalidate() or dtrace_probe_remove().
	 *
	 * Return: 0, or a negative errno which fails the whole enabling:
	 * -E2BIG when a limit of the provider on enabled probes is reached
	 * (the consumer says so).  -EOPNOTSUPP says this one probe cannot
	 * be armed (a function the kernel will not let fbt trace): an
	 * enabling that matches other probes goes on without it, one that
	 * matches only such probes fails.
	 */
	int (*enable)(void *arg, dtrace_id_t id, void *parg);
	/**
	 * @disable: disarm probe @id.  When this returns, no new call of
	 * dtrace_probe() for it may start; one already past the provider's
	 * own enabled test may still be running if it runs with preemption
	 * disabled (a tracepoint or kprobe handler), since the core waits
	 * an RCU grace period before freeing anything it could reach.  When
	 * the provider's last enabled probe is disabled, no handler of the
	 * provider may still be running at all (unregister the tracepoint
	 * or kprobe synchronously, cancel timers synchronously): the core
	 * drops its reference on the module after.
	 *
	 * Context: as @enable.
	 */
	void (*disable)(void *arg, dtrace_id_t id, void *parg);
	/**
	 * @start: a consumer that enabled probe @id starts tracing
	 * (DTRACEIOC_GO; for a consumer tracing already, once a description
	 * it retained has enabled the probes that appeared), and no other
	 * consumer is tracing the probe.  For
	 * a probe that fires on a clock from its arming (profile-n,
	 * tick-n): count the interval again from now, so that the first
	 * firing the consumer sees comes one interval after tracing
	 * starts.  Between its enabling and its start the consumer
	 * allocates its buffers, megabytes per CPU; a firing in that time
	 * reaches no clause.  The probe is armed.  NULL for most providers.
	 *
	 * Context: as @enable, and before the consumer's BEGIN.
	 */
	void (*start)(void *arg, dtrace_id_t id, void *parg);
	/**
	 * @destroy: free @parg; the probe is being removed and is disabled.
	 *
	 * Context: process; may sleep; core locks held.
	 */
	void (*destroy)(void *arg, dtrace_id_t id, void *parg);
	/**
	 * @getargdesc: describe argument @desc->argno of probe @id: fill
	 * @desc->native with its C type ("struct file *") and, if D scripts
	 * see it translated, @desc->xlate ("psinfo_t *") and
	 * @desc->mapping.  Leave both empty for an argument that does not
	 * exist.  NULL for a provider whose arguments are untyped.
	 *
	 * Context: process; may sleep; core locks held.
	 */
	void (*getargdesc)(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc);
	const struct dtrace_pattr *attr;
	unsigned int max_enabled;
};

/*
 * DTRACE_ATTR(EVOLVING, EVOLVING, ISA): one attribute triple, for a
 * provider's struct dtrace_pattr.
 */
#define DTRACE_ATTR(name, data, dep)					\
	{ DTRACE_STABILITY_##name, DTRACE_STABILITY_##data,		\
	  DTRACE_CLASS_##dep }

/*
 * The attributes DTrace gives its providers of kernel events with
 * documented arguments (proc, sched, io, ip, tcp, udp): stable enough
 * names and arguments, private module and function fields.
 */
#define DTRACE_PATTR_EVENTS {						\
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),		\
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),	\
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),	\
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),		\
	.args		= DTRACE_ATTR(EVOLVING, EVOLVING, ISA),		\
}

/**
 * dtrace_register() - make a provider known to the core
 * @name: provider name as in probe descriptions ("profile"); copied
 * @pops: the provider's operations; must live until dtrace_unregister()
 * @arg: passed back as first argument of every op
 * @idp: where the new provider's handle is stored
 *
 * Context: process; may sleep; must not be called from a provider op.
 * Return: 0, -EEXIST if a provider of that name exists, -EINVAL for a bad
 * name or missing ops, -ENOMEM.
 */
int dtrace_register(const char *name, const struct dtrace_pops *pops,
		    void *arg, dtrace_provider_id_t *idp);

/**
 * dtrace_unregister() - remove a provider and destroy all its probes
 * @id: handle from dtrace_register()
 *
 * Called from the provider's module exit.  While any of its probes is
 * enabled the core holds the provider's module, so module exit and this
 * call cannot race an enabling.  A provider that registers and
 * unregisters providers as it runs (fasttrap, one per traced process)
 * may find one still enabled: it gets -EBUSY and tries again later.
 *
 * Context: process; may sleep; must not be called from a provider op.
 * Return: 0, or -EBUSY if a probe is still enabled (the provider stays).
 */
int dtrace_unregister(dtrace_provider_id_t id);

/**
 * dtrace_invalidate() - give up a provider's name before it can go
 * @id: handle from dtrace_register()
 *
 * For a provider whose probes can never fire again (fasttrap's, once
 * the traced process has exited) but which a consumer still has
 * enabled: from now on its probes match no description, so "dtrace -l"
 * and new enablings do not see them, and a new provider may register
 * under its name.  The enablings it has stay until their consumers go;
 * the provider still calls dtrace_unregister() once they have.
 *
 * Context: process; may sleep; must not be called from a provider op.
 */
void dtrace_invalidate(dtrace_provider_id_t id);

/**
 * dtrace_probe_create() - add a probe to a provider
 * @prov: handle from dtrace_register()
 * @mod: the probe's module name
 * @func: the probe's function name
 * @name: the probe's name
 * @parg: the provider's own per-probe data, handed back in every op
 *
 * The three names are copied, truncated to the DTRACE_*NAMELEN limits.
 * The probe can be enabled as soon as this returns (before it does, if
 * another consumer is enabling): @parg must be complete when it is called.
 * A consumer whose probe description matches the new probe (a retained
 * enabling, as DTrace has them) enables it shortly after, from the
 * core's work queue, with none of the caller's locks held.
 * Context: process; may sleep; from module init or from ->provide.
 * Return: the new probe's id, or DTRACE_IDNONE on allocation failure.
 */
dtrace_id_t dtrace_probe_create(dtrace_provider_id_t prov, const char *mod,
				const char *func, const char *name,
				void *parg);

/**
 * dtrace_retained_sync() - wait until the probes created so far are
 * enabled for the consumers whose retained descriptions match them
 *
 * For a provider that makes probes for a consumer that must not go on
 * before they fire (fasttrap, for a process held stopped until then).
 * Context: process; may sleep; no lock of the core or a provider held.
 */
void dtrace_retained_sync(void);

/**
 * dtrace_probe_lookup() - find a probe of a provider by its names
 * @prov: handle from dtrace_register()
 * @mod: the module name, exact (no globs); NULL matches any
 * @func: the function name, likewise
 * @name: the probe's name, likewise
 *
 * Context: process; may sleep; from module init or from ->provide.
 * Return: the probe's id, or DTRACE_IDNONE.
 */
dtrace_id_t dtrace_probe_lookup(dtrace_provider_id_t prov, const char *mod,
				const char *func, const char *name);

/**
 * dtrace_probe_remove() - remove a provider's probes of one module
 * @prov: handle from dtrace_register()
 * @mod: the module field of the probes to remove ("helloworld")
 *
 * Each probe removed is first handed to ->destroy.  For a provider whose
 * probes come and go with the kernel modules they trace (fbt, sdt): call
 * it from the module notifier at MODULE_STATE_GOING.  Probes of a module
 * being traced are enabled, and the provider should be holding that
 * module (try_module_get() in ->enable) so that it cannot go.
 *
 * Context: process; may sleep; must not be called from a provider op.
 * Return: the number of probes removed, -EINVAL for a NULL @mod, or
 * -EBUSY if one of them is enabled (then none is removed).
 */
int dtrace_probe_remove(dtrace_provider_id_t prov, const char *mod);

/**
 * dtrace_probe() - a probe fired: run every clause enabled on it
 * @id: the probe's id
 * @arg0: the probe's first argument, arg0 in D
 * @arg1: arg1 in D
 * @arg2: arg2 in D
 * @arg3: arg3 in D
 * @arg4: arg4 in D
 * @arg5: arg5 in D
 *
 * D's errno reads 0; arg6..arg9 read 0.  dtrace_probe_args() passes more
 * arguments, or an error.
 *
 * Context: any, including hardirq and NMI; never sleeps, takes no lock,
 * allocates nothing.  Calls that nest on one CPU (a probe firing inside
 * another's clause) are counted and dropped.
 */
void dtrace_probe(dtrace_id_t id, u64 arg0, u64 arg1, u64 arg2, u64 arg3,
		  u64 arg4, u64 arg5);

/**
 * dtrace_probe_args() - a probe fired, with its arguments in an array
 * @id: the probe's id
 * @args: the probe's arguments, arg0.. in D
 * @nargs: how many @args there are; D sees the first DTRACE_PROBE_NARGS,
 *	and 0 for those beyond @nargs
 * @err: what D's errno reads in the clauses (the positive errno a system
 *	call failed with; 0 for none)
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_args(dtrace_id_t id, const u64 *args, unsigned int nargs,
		       int err);

struct pt_regs;

/**
 * dtrace_probe_regs() - a probe fired in the kernel, with its registers
 * @id: the probe's id
 * @args: the probe's arguments, arg0.. in D
 * @nargs: how many @args there are, as for dtrace_probe_args()
 * @regs: the kernel registers where the probe fired: a kprobe's or a
 *	kretprobe's pt_regs
 * @entry: @regs were taken at the first instruction of a function (a
 *	function-entry kprobe), before it built its frame
 *
 * stack(), stackdepth and caller then describe the code that called the
 * probed function: with @entry they start at the return address on top
 * of the stack, without it at regs->ip (a kretprobe's regs->ip is the
 * return address into the caller).  dtrace_probe() and
 * dtrace_probe_args() instead start at the function that called them,
 * which is right for a probe site in the code (sdt).  errno reads 0.
 * @regs may be user registers (a uprobe's): stack() and caller are then
 * empty, and ustack() and ucaller start at regs->ip, with @entry at the
 * return address on top of the user stack.
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_regs(dtrace_id_t id, const u64 *args, unsigned int nargs,
		       struct pt_regs *regs, bool entry);

struct kprobe;

/**
 * dtrace_probe_kprobe() - a probe fired in a kprobe's pre-handler
 * @id: the probe's id
 * @args: the probe's arguments, arg0.. in D
 * @nargs: how many @args there are, as for dtrace_probe_args()
 * @kp: the kprobe whose pre-handler (or kretprobe entry handler: its
 *	&rp->kp) this is
 * @regs: the registers the handler was given
 * @entry: as for dtrace_probe_regs()
 *
 * As dtrace_probe_regs(), and D's ipl and the self-> variables of the
 * clauses are those of the probed code.  Where a kprobe is a breakpoint
 * (a function with no ftrace call site, an address inside a function),
 * x86 runs its handler in the int3 trap, which it enters as an NMI;
 * dtrace_probe_regs() would take the firing for an NMI, with its own
 * self-> variables, and the thread's variables set elsewhere would read
 * 0 there.  Use this in every kprobe pre-handler; a kretprobe's return
 * handler runs where the function returned and uses dtrace_probe_regs().
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_kprobe(dtrace_id_t id, const u64 *args, unsigned int nargs,
			 const struct kprobe *kp, struct pt_regs *regs,
			 bool entry);

/**
 * dtrace_probe_entry() - a probe fired at a function's first instruction
 * @id: the probe's id
 * @nargs: how many arguments the function takes
 * @kp: the kprobe whose pre-handler this is, as for dtrace_probe_kprobe();
 *	NULL from an ftrace_ops callback
 * @regs: the kernel registers there (a kprobe's, or ftrace's saved ones)
 *
 * dtrace_probe_kprobe() (or, with no @kp, dtrace_probe_regs()) with
 * @entry, the arguments read from @regs by the architecture's calling
 * convention (x86-64: rdi, rsi, rdx, rcx, r8, r9, then the stack above
 * the return address), as many as @nargs says and D sees, 0 past them.
 * What an entry probe's provider calls: the arguments are copied once,
 * straight into the firing's state.
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_entry(dtrace_id_t id, unsigned int nargs,
			const struct kprobe *kp, struct pt_regs *regs);

/**
 * dtrace_probe_user() - a probe fired in user code, at a uprobe
 * @id: the probe's id
 * @regs: the user registers the uprobe's handler was given
 * @entry: @regs were taken at the first instruction of a function, as
 *	for dtrace_probe_regs()
 *
 * dtrace_probe_regs() with the six argument registers of the x86-64
 * calling convention as arg0..arg5 (rdi, rsi, rdx, rcx, r8, r9; arg6..
 * read 0): what a function entry or offset probe in a user program
 * passes.  The core reads them from @regs only when a clause needs
 * them: a probe whose clauses are all `@ = count()` reads none.
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_user(dtrace_id_t id, struct pt_regs *regs, bool entry);

/**
 * typedef dtrace_args_fn - a provider's reader of a probe's arguments
 * @args: where arg0.. go: DTRACE_PROBE_NARGS slots
 * @data: the provider's, as given to dtrace_probe_user_fn()
 * @regs: the registers given to dtrace_probe_user_fn()
 *
 * Context: probe context, inside the firing (interrupts off): as
 * dtrace_probe(), and user memory only with copy_from_user_nofault().
 * Return: how many arguments it stored (at most DTRACE_PROBE_NARGS);
 * the core sets the others to 0.
 */
typedef unsigned int (*dtrace_args_fn)(u64 *args, const void *data,
				       struct pt_regs *regs);

/**
 * dtrace_probe_user_fn() - a probe fired in user code, arguments lazily
 * @id: the probe's id
 * @regs: the user registers the uprobe's handler was given
 * @fn: what reads the probe's arguments
 * @data: passed to @fn
 *
 * dtrace_probe_regs() with user registers (not at a function's entry),
 * whose arguments @fn reads, once, only if a clause needs them (none
 * of `@ = count()`, counted directly, does): for a probe whose
 * arguments take work to find, a USDT site's.
 *
 * Context: as dtrace_probe().
 */
void dtrace_probe_user_fn(dtrace_id_t id, struct pt_regs *regs,
			  dtrace_args_fn fn, const void *data);

/**
 * dtrace_match_glob() - does @str match the glob @pattern?
 * @pattern: a field of a probe description: '*', '?', '[set]' with
 *	ranges and '!' or '^', '\\' escapes; empty matches anything
 * @str: a name
 *
 * What a ->provide that creates probes on demand matches names with:
 * the core's own matcher, which the dtrace command runs too
 * (framework/engine/glob.h has the exact rules).
 * Context: any.
 */
bool dtrace_match_glob(const char *pattern, const char *str);

/*
 * For providers that trace the kernel itself.
 */

struct dtrace_btf;
struct btf_type;

/**
 * dtrace_btf_load() - read and check the BTF of vmlinux or of a module
 * @object: "vmlinux" or a module name, as in /sys/kernel/btf/
 * @base: for a module, the BTF of vmlinux from an earlier call; else NULL
 *
 * The file is read under the init task's root, whatever the caller's
 * mount namespace or root shows, and checked whole before it is used:
 * after this, every name offset, type id and record that
 * dtrace_btf_type() and dtrace_btf_name() lead to is in range, and the
 * type of a FUNC is a FUNC_PROTO.  A module's BTF is split BTF: its type
 * ids and string offsets continue those of @base, which must outlive it.
 * Why a file is refused goes to /proc/dtrace/trace.  Nothing is kept
 * here: a failure tried again reads the file again.
 * Context: process; may sleep.
 * Return: the BTF, to be freed with dtrace_btf_free(); or ERR_PTR of
 * -ENOENT (no such file), -EBADMSG (invalid, or over 64 MiB), -EIO,
 * -ENOMEM or another errno of opening the file.
 */
struct dtrace_btf *dtrace_btf_load(const char *object,
				   const struct dtrace_btf *base);

/**
 * dtrace_btf_free() - free what dtrace_btf_load() returned
 * @btf: the BTF, or NULL; no split BTF on top of it may be left
 *
 * Context: process; may sleep.
 */
void dtrace_btf_free(struct dtrace_btf *btf);

/**
 * dtrace_btf_ids() - the type ids that are @btf's own
 * @btf: a BTF from dtrace_btf_load()
 * @first: where the first id goes
 * @n: where the number of ids goes
 *
 * Context: any.
 */
void dtrace_btf_ids(const struct dtrace_btf *btf, u32 *first, u32 *n);

/**
 * dtrace_btf_type() - the type record of @id
 * @btf: a BTF from dtrace_btf_load(); a module's reaches its base too
 * @id: a type id
 *
 * Context: any.
 * Return: the record (followed by its members), or NULL for void and
 * an id that is not a type.
 */
const struct btf_type *dtrace_btf_type(const struct dtrace_btf *btf, u32 id);

/**
 * dtrace_btf_name() - the string at name offset @off
 * @btf: a BTF from dtrace_btf_load(); a module's reaches its base too
 * @off: a name offset from one of its records
 *
 * Context: any.
 * Return: the string, NUL-terminated; "" for an offset out of range.
 */
const char *dtrace_btf_name(const struct dtrace_btf *btf, u32 off);

/**
 * dtrace_btf_read() - the checked BTF file of vmlinux
 * @object: "vmlinux" (a module's split BTF is checked against its base:
 *	use dtrace_btf_load())
 * @sizep: where the size of the result is stored
 *
 * As dtrace_btf_load(), for a provider that scans the file once itself.
 * Context: process; may sleep.
 * Return: the header and what follows, to be vfree()d; or ERR_PTR of
 * an errno as for dtrace_btf_load().
 */
void *dtrace_btf_read(const char *object, size_t *sizep);

/**
 * dtrace_modules_each() - call @fn for each live module
 * @self: a module to leave out (the caller's THIS_MODULE), or NULL
 * @fn: called with a reference held on @mod; a non-zero return stops
 *	the walk and is returned
 * @arg: passed to @fn
 *
 * For a provider that learns of later modules from a module notifier:
 * register the notifier first, then walk, and expect a module that
 * turns live meanwhile to be seen by both.
 * Context: process; may sleep.
 * Return: 0, @fn's non-zero return, or -ENOMEM.
 */
int dtrace_modules_each(struct module *self,
			int (*fn)(struct module *mod, void *arg), void *arg);

#endif /* _DTRACE_PROVIDER_H */
