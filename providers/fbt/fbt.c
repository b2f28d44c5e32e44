// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_fbt.ko: function boundary tracing.  fbt:MODULE:FUNCTION:entry
 * and :return for the functions of vmlinux (MODULE "vmlinux") and of
 * every live module.  The functions are those of each object's BTF,
 * which lists the functions ftrace can trace, less those dtrace itself
 * runs when a probe fires; a module's are also checked against its
 * symbol table, so that functions of its freed init code are left out.
 * Nothing is read until a probe description names the object: then its
 * BTF is loaded (read and checked by the core, dtrace_btf_load()) and
 * the probes the description matches are created.  Only a load that
 * worked is kept: one that failed is tried again by the next
 * description, and the consumer whose description it was is told why.
 * An enabled probe is a kprobe (fbt_arm.c) and pins its module, a
 * little longer than it is enabled when the kernel needs that (fbt_hold.c).
 *
 * Context: process for everything here; fbt_lock protects the object
 * list and the catalogues and is taken in ->provide (under the core's
 * provider lock) and by the module notifier, which drops it before
 * calling back into the core.  The enable, disable, destroy and
 * getargdesc ops only follow their probe's pointers.
 * docs/providers/fbt.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace fbt: " fmt

#include <linux/btf.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include "fbt_impl.h"

static unsigned int max_enabled = 1000;
module_param(max_enabled, uint, 0444);
MODULE_PARM_DESC(max_enabled,
		 "Most fbt probes enabled at once, count (default 1000)");

static dtrace_provider_id_t fbt_id;
static DEFINE_MUTEX(fbt_lock);
static LIST_HEAD(fbt_objects);		/* fbt_lock; vmlinux first */

static const char *const fbt_names[] = {
	[FBT_ENTRY] = "entry", [FBT_RETURN] = "return",
};

/*
 * Functions not offered, by name prefix: what dtrace_probe() and the
 * kprobe handlers call (probe_ctx.c lists it), and the machinery that
 * a kprobe itself runs on.  Probing them could not crash (the core
 * drops nested firings and kprobes skip nested hits), but would never
 * fire or would fire from inside another probe.
 */
static const char *const fbt_excluded[] = {
	"copy_from_kernel_nofault", "copy_from_user_nofault",
	"__unwind_start", "unwind_", "__orc_", "orc_", "stack_trace_",
	"arch_stack_walk", "irq_work_", "ktime_get", "kprobe", "__kprobe",
	"kretprobe", "__kretprobe", "rethook", "arch_rethook", "ftrace",
	"__ftrace", "text_poke", "rcu_", "__rcu", "preempt_", "__preempt",
	"lock_acquire", "lock_release", "lockdep_", "trace_hardirqs",
	"__x86_return_thunk", "get_kprobe", "is_kprobe",
};

static bool fbt_func_excluded(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fbt_excluded); i++)
		if (!strncmp(name, fbt_excluded[i], strlen(fbt_excluded[i])))
			return true;
	return false;
}

static struct fbt_object *fbt_vmlinux(void)
{
	return list_first_entry(&fbt_objects, struct fbt_object, list);
}

static const char *fbt_func_name(const struct fbt_object *obj,
				 const struct fbt_func *func)
{
	return dtrace_btf_name(obj->btf, func->name_off);
}

static const struct fbt_object *fbt_sort_obj;	/* fbt_lock */

static int fbt_func_cmp(const void *a, const void *b)
{
	return strcmp(fbt_func_name(fbt_sort_obj, a),
		      fbt_func_name(fbt_sort_obj, b));
}

static struct fbt_func *fbt_func_find(struct fbt_object *obj,
				      const char *name)
{
	u32 lo = 0, hi = obj->nfuncs;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;
		int c = strcmp(name, fbt_func_name(obj, &obj->funcs[mid]));

		if (!c)
			return &obj->funcs[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/*
 * Mark the functions of module @obj that are in its symbol table as
 * code outside init (name_off of the others is cleared).
 */
static void fbt_funcs_mark_present(struct fbt_object *obj, bool *present)
{
	struct module *mod = obj->mod;
	struct mod_kallsyms *ks;
	struct fbt_func *func;
	unsigned int i;

	preempt_disable();
	ks = rcu_dereference_sched(mod->kallsyms);
	for (i = 0; ks && i < ks->num_symtab; i++) {
		unsigned long addr = ks->symtab[i].st_value;
		char type = ks->typetab[i];

		if ((type != 't' && type != 'T') ||
		    !within_module(addr, mod) || within_module_init(addr, mod))
			continue;
		func = fbt_func_find(obj, ks->strtab + ks->symtab[i].st_name);
		if (func)
			present[func - obj->funcs] = true;
	}
	preempt_enable();
}

/* Drop duplicate names and, for a module, what is not in its text. */
static int fbt_funcs_prune(struct fbt_object *obj)
{
	bool *present = NULL;
	u32 i, n = 0;

	if (obj->mod) {
		present = kvcalloc(obj->nfuncs ?: 1, sizeof(*present),
				   GFP_KERNEL);
		if (!present)
			return -ENOMEM;
		fbt_funcs_mark_present(obj, present);
	}
	for (i = 0; i < obj->nfuncs; i++) {
		if (present && !present[i])
			continue;
		if (n && !strcmp(fbt_func_name(obj, &obj->funcs[i]),
				 fbt_func_name(obj, &obj->funcs[n - 1])))
			continue;
		obj->funcs[n++] = obj->funcs[i];
	}
	obj->nfuncs = n;
	kvfree(present);
	return 0;
}

/* The functions of @obj's own BTF, sorted by name. */
static int fbt_funcs_build(struct fbt_object *obj)
{
	const struct dtrace_btf *btf = obj->btf;
	u32 i, n = 0, first, ntypes;
	int pass;

	dtrace_btf_ids(btf, &first, &ntypes);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0, n = 0; i < ntypes; i++) {
			const struct btf_type *t = dtrace_btf_type(btf, first + i);

			if (btf_kind(t) != BTF_KIND_FUNC ||
			    btf_func_linkage(t) == BTF_FUNC_EXTERN ||
			    fbt_func_excluded(dtrace_btf_name(btf, t->name_off)))
				continue;
			if (obj->funcs) {
				obj->funcs[n].name_off = t->name_off;
				obj->funcs[n].proto = t->type;
			}
			n++;
		}
		if (!obj->funcs) {
			obj->funcs = kvcalloc(n ?: 1, sizeof(*obj->funcs),
					      GFP_KERNEL);
			if (!obj->funcs)
				return -ENOMEM;
		}
	}
	obj->nfuncs = n;
	fbt_sort_obj = obj;
	sort(obj->funcs, n, sizeof(*obj->funcs), fbt_func_cmp, NULL);
	fbt_sort_obj = NULL;
	return fbt_funcs_prune(obj);
}

static void fbt_object_unload(struct fbt_object *obj)
{
	kvfree(obj->funcs);
	obj->funcs = NULL;
	obj->nfuncs = 0;
	dtrace_btf_free(obj->btf);
	obj->btf = NULL;
}

/*
 * Read @obj's BTF and build its catalogue.  Only a success is kept: an
 * object whose BTF could not be read or was refused (the core traces
 * why), or that ran out of memory, is left as it was, unloaded, and
 * the next description naming it tries again.  A module's BTF needs
 * vmlinux's.  Return: 0, or the errno of dtrace_btf_load() or -ENOMEM.
 */
static int fbt_object_load(struct fbt_object *obj)
{
	struct dtrace_btf *base = NULL, *btf;
	int ret;

	if (obj->btf)
		return 0;
	if (obj->mod) {
		ret = fbt_object_load(fbt_vmlinux());
		if (ret)
			return ret;
		base = fbt_vmlinux()->btf;
	}
	btf = dtrace_btf_load(obj->name, base);
	if (IS_ERR(btf))
		return PTR_ERR(btf);
	obj->btf = btf;
	ret = fbt_funcs_build(obj);
	if (ret)
		fbt_object_unload(obj);
	return ret;
}

static void fbt_probe_create(struct fbt_object *obj, struct fbt_func *func,
			     int which)
{
	const struct btf_type *proto = dtrace_btf_type(obj->btf, func->proto);
	struct fbt_probe *probe;
	dtrace_id_t id;

	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	if (!probe)
		return;
	probe->obj = obj;
	probe->func = func;
	probe->which = which;
	if (which == FBT_RETURN)	/* the offset; the value, if not void */
		probe->nargs = proto && proto->type ? 2 : 1;
	else if (proto)
		probe->nargs = min_t(u16, btf_vlen(proto), DTRACE_PROBE_NARGS);
	id = dtrace_probe_create(fbt_id, obj->name, fbt_func_name(obj, func),
				 fbt_names[which], probe);
	if (id == DTRACE_IDNONE) {
		kfree(probe);
		return;
	}
	func->ids[which] = id;
}

static void fbt_provide_func(struct fbt_object *obj, struct fbt_func *func,
			     const struct dtrace_probedesc *desc)
{
	int which;

	for (which = FBT_ENTRY; which <= FBT_RETURN; which++)
		if (!func->ids[which] &&
		    dtrace_match_glob(desc->name, fbt_names[which]))
			fbt_probe_create(obj, func, which);
}

static bool fbt_is_glob(const char *s)
{
	return !*s || strpbrk(s, "*?[\\");
}

/*
 * An object that fails to load is the consumer's error unless it is a
 * module built without BTF, which simply has no probes.  Without
 * vmlinux's BTF no object loads: that error ends the walk.
 */
static int fbt_provide(void *arg, const struct dtrace_probedesc *desc)
{
	struct fbt_object *obj;
	struct fbt_func *func;
	int ret, err = 0;
	u32 i;

	if (!dtrace_match_glob(desc->name, fbt_names[FBT_ENTRY]) &&
	    !dtrace_match_glob(desc->name, fbt_names[FBT_RETURN]))
		return 0;
	mutex_lock(&fbt_lock);
	list_for_each_entry(obj, &fbt_objects, list) {
		if (!dtrace_match_glob(desc->mod, obj->name))
			continue;
		ret = fbt_object_load(obj);
		if (ret == -ENOENT && obj->mod && fbt_vmlinux()->btf)
			continue;
		if (ret == -ENOENT)	/* vmlinux's: the kernel has no BTF */
			ret = -ENODATA;
		if (ret && !err)
			err = ret;
		if (!fbt_vmlinux()->btf)
			break;
		if (ret)
			continue;
		if (!fbt_is_glob(desc->func)) {
			func = fbt_func_find(obj, desc->func);
			if (func)
				fbt_provide_func(obj, func, desc);
			continue;
		}
		for (i = 0; i < obj->nfuncs; i++) {
			func = &obj->funcs[i];
			if (dtrace_match_glob(desc->func,
					      fbt_func_name(obj, func)))
				fbt_provide_func(obj, func, desc);
		}
	}
	mutex_unlock(&fbt_lock);
	return err;
}

/*
 * An enabled probe holds its module, and a kprobe.  The core keeps to
 * max_enabled (fbt_pops), refusing a wider enabling before any kprobe
 * is placed.
 */
static int fbt_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct fbt_probe *probe = parg;
	struct module *mod = probe->obj->mod;
	int ret;

	if (mod && !try_module_get(mod))
		return -ENODEV;
	ret = fbt_arm(probe, id);
	if (ret) {
		module_put(mod);
		return ret;
	}
	return 0;
}

static void fbt_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct fbt_probe *probe = parg;
	struct module *mod = probe->obj->mod;

	if (fbt_disarm(probe) && mod)
		fbt_module_put_later(mod);
	else
		module_put(mod);
}

static void fbt_destroy(void *arg, dtrace_id_t id, void *parg)
{
	struct fbt_probe *probe = parg;

	probe->func->ids[probe->which] = DTRACE_IDNONE;
	kfree(probe);
}

/*
 * Entry: the parameters' types.  Return: arg0 the offset (an int),
 * arg1 the function's return type; a function returning void has no
 * arg1.
 */
static void fbt_getargdesc(void *arg, dtrace_id_t id, void *parg,
			   struct dtrace_ioc_probearg *desc)
{
	struct fbt_probe *probe = parg;
	const struct dtrace_btf *btf = probe->obj->btf;
	const struct btf_type *proto = dtrace_btf_type(btf, probe->func->proto);
	u32 type;

	if (!proto)
		return;
	if (desc->argno >= probe->nargs) {
		desc->mapping = DTRACE_ARGNONE;
		return;
	}
	if (probe->which == FBT_RETURN && desc->argno == 0) {
		strscpy(desc->native, "int", sizeof(desc->native));
		return;
	}
	if (probe->which == FBT_ENTRY)
		type = btf_params(proto)[desc->argno].type;
	else
		type = proto->type;
	if (!type)		/* void return, or the ... of varargs */
		return;
	if (fbt_btf_type_name(btf, type, desc->native, sizeof(desc->native)))
		desc->native[0] = '\0';
}

/* DTrace's attributes for its fbt provider */
static const struct dtrace_pattr fbt_attr = {
	.provider	= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, ISA),
	.name		= DTRACE_ATTR(EVOLVING, EVOLVING, COMMON),
	.args		= DTRACE_ATTR(PRIVATE, PRIVATE, ISA),
};

static struct dtrace_pops fbt_pops = {
	.owner		= THIS_MODULE,
	.provide	= fbt_provide,
	.enable		= fbt_enable,
	.disable	= fbt_disable,
	.destroy	= fbt_destroy,
	.getargdesc	= fbt_getargdesc,
	.attr		= &fbt_attr,
};

/* dtrace's own modules are never traced. */
static int fbt_object_add(struct module *mod, void *arg)
{
	struct fbt_object *obj;

	if (mod && !strncmp(mod->name, "dtrace_", 7))
		return 0;
	mutex_lock(&fbt_lock);
	list_for_each_entry(obj, &fbt_objects, list) {
		if (obj->mod == mod)
			goto out_unlock;
	}
	obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	if (!obj) {
		mutex_unlock(&fbt_lock);
		return -ENOMEM;
	}
	obj->mod = mod;
	strscpy(obj->name, mod ? mod->name : "vmlinux", sizeof(obj->name));
	list_add_tail(&obj->list, &fbt_objects);
out_unlock:
	mutex_unlock(&fbt_lock);
	return 0;
}

static void fbt_object_free(struct fbt_object *obj)
{
	fbt_object_unload(obj);
	kfree(obj);
}

/*
 * A going module's probes are not enabled (an enabled probe holds the
 * module).  Its object leaves the list under fbt_lock; the core removes
 * the probes, which point into it, and then it is freed.
 */
static void fbt_object_remove(struct module *mod)
{
	struct fbt_object *obj, *found = NULL;
	int ret;

	mutex_lock(&fbt_lock);
	list_for_each_entry(obj, &fbt_objects, list) {
		if (obj->mod == mod) {
			found = obj;
			list_del(&obj->list);
			break;
		}
	}
	mutex_unlock(&fbt_lock);
	if (!found)
		return;
	ret = dtrace_probe_remove(fbt_id, found->name);
	if (ret < 0) {
		pr_err("%s: probes still enabled (%d), kept\n", mod->name, ret);
		return;
	}
	fbt_object_free(found);
}

static int fbt_module_notify(struct notifier_block *nb, unsigned long state,
			     void *data)
{
	struct module *mod = data;

	if (state == MODULE_STATE_LIVE && fbt_object_add(mod, NULL))
		pr_warn("%s: out of memory, no probes\n", mod->name);
	else if (state == MODULE_STATE_GOING)
		fbt_object_remove(mod);
	return NOTIFY_DONE;
}

static struct notifier_block fbt_module_nb = {
	.notifier_call = fbt_module_notify,
};

static void fbt_objects_free(void)
{
	struct fbt_object *obj, *tmp;

	list_for_each_entry_safe(obj, tmp, &fbt_objects, list) {
		list_del(&obj->list);
		fbt_object_free(obj);
	}
}

static int __init fbt_init(void)
{
	int ret;

	ret = fbt_object_add(NULL, NULL);
	if (ret)
		return ret;
	fbt_pops.max_enabled = max_enabled;
	ret = dtrace_register("fbt", &fbt_pops, NULL, &fbt_id);
	if (ret)
		goto out_free;
	ret = register_module_notifier(&fbt_module_nb);
	if (ret)
		goto out_unregister;
	ret = dtrace_modules_each(THIS_MODULE, fbt_object_add, NULL);
	if (ret)
		goto out_notifier;
	return 0;

out_notifier:
	unregister_module_notifier(&fbt_module_nb);
out_unregister:
	dtrace_unregister(fbt_id);
out_free:
	fbt_objects_free();
	pr_err("cannot start: %d\n", ret);
	return ret;
}

/* No probe is enabled: the core holds this module while one is. */
static void __exit fbt_exit(void)
{
	unregister_module_notifier(&fbt_module_nb);
	dtrace_unregister(fbt_id);
	fbt_module_put_all();
	fbt_objects_free();
}

module_init(fbt_init);
module_exit(fbt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace fbt provider: entry and return of kernel functions");
MODULE_IMPORT_NS(DTRACE_NS);
