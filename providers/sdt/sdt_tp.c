// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_sdt.ko, the kernel's trace events: provider "sdt" has one probe
 * sdt:SYSTEM::EVENT for each event under tracefs's events/ (a
 * tracepoint with a trace event over it), whose args[] are the event's
 * fields as the event computed them (its TP_fast_assign), in the order
 * of the event's format file, the common_ fields left out.
 *
 * This file owns the list of events (read once from tracefs when the
 * module loads), the probes (made on demand by ->provide, so that the
 * probe table only holds the events a consumer named or listed), and
 * their firing.  A probe is armed by one in-kernel perf counter per
 * online CPU on its event (PERF_TYPE_TRACEPOINT, a sample for every
 * hit, raw data): the kernel runs the event's own assignment into the
 * per-CPU perf buffer and hands the record to sdt_tp_fire(), which
 * reads the fields out of it at the offsets the event's field table
 * gives, and fires the probe.
 *
 * Context: process, except sdt_tp_fire() (probe context: the perf
 * overflow handler, called in the tracepoint's context with preemption
 * disabled).  The event list is written only at init and exit; probes
 * are made under the core's provider lock (->provide); enable and
 * disable of one provider are serialised by the core.
 * docs/providers/sdt.md documents the probes.
 */
#define pr_fmt(fmt) "dtrace sdt: " fmt

#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/mount.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include "sdt_impl.h"

/* How the value of a field is taken from the record */
enum sdt_tp_kind {
	SDT_TP_SIGNED,		/* an integer of 1, 2, 4 or 8 bytes */
	SDT_TP_UNSIGNED,
	SDT_TP_ADDR,		/* an array or a structure: its address */
	SDT_TP_DATA_LOC,	/* __data_loc: offset and length from the start */
	SDT_TP_REL_LOC,		/* __rel_loc: offset from the end of the field */
};

struct sdt_tp_arg {
	u16		offset;
	u16		size;
	u8		kind;
	const char	*type;		/* what getargdesc gives, kmalloc'd */
};

/* A probe: one event, and while enabled its counters */
struct sdt_tp_probe {
	dtrace_id_t		id;
	unsigned int		nargs;
	struct sdt_tp_arg	args[DTRACE_PROBE_NARGS];
	struct trace_event_file	*file;		/* held while enabled */
	struct perf_event	**events;	/* per CPU, while enabled */
	const char		*event;		/* in system[] */
	char			system[];	/* "SYSTEM\0EVENT" */
};

/* An event of tracefs's events/ */
struct sdt_tp_name {
	struct list_head	list;
	const char		*event;		/* in system[] */
	char			system[];	/* "SYSTEM\0EVENT" */
};

static LIST_HEAD(sdt_tp_names);		/* written at init and exit only */
static dtrace_provider_id_t sdt_tp_prov;

/*
 * Probe context: the overflow handler of a counter, for each hit of the
 * event on the counter's CPU.  A field the record is too short for
 * reads 0.
 */
static notrace void sdt_tp_fire(struct perf_event *event,
				struct perf_sample_data *data,
				struct pt_regs *regs)
{
	const struct sdt_tp_probe *probe = event->overflow_handler_context;
	u64 args[DTRACE_PROBE_NARGS];
	const u8 *rec;
	unsigned int i;
	u32 size, loc;

	if (!(data->sample_flags & PERF_SAMPLE_RAW) || !data->raw)
		return;
	rec = data->raw->frag.data;
	size = data->raw->frag.size;
	for (i = 0; i < probe->nargs; i++) {
		const struct sdt_tp_arg *a = &probe->args[i];
		const u8 *p = rec + a->offset;

		args[i] = 0;
		if (a->offset + a->size > size)
			continue;
		switch (a->kind) {
		case SDT_TP_SIGNED:
		case SDT_TP_UNSIGNED:
			memcpy(&args[i], p, a->size);
			if (a->kind == SDT_TP_SIGNED && a->size < 8)
				args[i] = sign_extend64(args[i],
							a->size * 8 - 1);
			break;
		case SDT_TP_ADDR:
			args[i] = (unsigned long)p;
			break;
		case SDT_TP_DATA_LOC:
		case SDT_TP_REL_LOC:
			memcpy(&loc, p, sizeof(loc));
			loc &= 0xffff;
			if (a->kind == SDT_TP_REL_LOC)
				loc += a->offset + sizeof(loc);
			if (loc < size)
				args[i] = (unsigned long)(rec + loc);
			break;
		}
	}
	dtrace_probe_args(READ_ONCE(probe->id), args, probe->nargs, 0);
}
NOKPROBE_SYMBOL(sdt_tp_fire);

static void sdt_tp_counters_release(struct sdt_tp_probe *probe)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (probe->events[cpu])
			perf_event_release_kernel(probe->events[cpu]);
	kfree(probe->events);
	probe->events = NULL;
}

/*
 * A counter on each CPU online now.  A CPU brought online later has
 * none: the probe does not fire there until it is enabled again.  No
 * hold on CPU hotplug around the loop: creating a counter takes
 * cpu_hotplug_lock itself (the tracepoint's static call update), and a
 * read hold taken twice deadlocks against a waiting hotplug writer.  A
 * counter made for a CPU that goes offline meanwhile stays off.
 */
static int sdt_tp_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct sdt_tp_probe *probe = parg;
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_TRACEPOINT,
		.size		= sizeof(attr),
		.sample_period	= 1,
		.sample_type	= PERF_SAMPLE_RAW,
	};
	struct trace_event_file *file;
	struct perf_event *event;
	unsigned int cpu;
	int ret = 0;

	file = trace_get_event_file(NULL, probe->system, probe->event);
	if (IS_ERR(file))
		return PTR_ERR(file);
	probe->events = kcalloc(nr_cpu_ids, sizeof(*probe->events),
				GFP_KERNEL);
	if (!probe->events) {
		ret = -ENOMEM;
		goto out_put;
	}
	attr.config = file->event_call->event.type;
	WRITE_ONCE(probe->id, id);
	for_each_online_cpu(cpu) {
		event = perf_event_create_kernel_counter(&attr, cpu, NULL,
							 sdt_tp_fire, probe);
		if (IS_ERR(event)) {
			ret = PTR_ERR(event);
			break;
		}
		probe->events[cpu] = event;
	}
	if (ret) {
		pr_warn("%s:%s: no perf counter: %d\n", probe->system,
			probe->event, ret);
		sdt_tp_counters_release(probe);
		goto out_put;
	}
	probe->file = file;
	return 0;

out_put:
	trace_put_event_file(file);
	return ret;
}

/*
 * Releasing a counter takes it off its CPU's list of the event with a
 * call on that CPU, where a handler runs with preemption disabled: once
 * every counter is released no handler of the probe is running.
 */
static void sdt_tp_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct sdt_tp_probe *probe = parg;

	sdt_tp_counters_release(probe);
	trace_put_event_file(probe->file);
	probe->file = NULL;
}

static void sdt_tp_probe_free(struct sdt_tp_probe *probe)
{
	unsigned int i;

	for (i = 0; i < probe->nargs; i++)
		kfree(probe->args[i].type);
	kfree(probe);
}

static void sdt_tp_destroy(void *arg, dtrace_id_t id, void *parg)
{
	sdt_tp_probe_free(parg);
}

static void sdt_tp_getargdesc(void *arg, dtrace_id_t id, void *parg,
			      struct dtrace_ioc_probearg *desc)
{
	const struct sdt_tp_probe *probe = parg;

	if (desc->argno < probe->nargs)
		strscpy(desc->native, probe->args[desc->argno].type,
			sizeof(desc->native));
}

/*
 * The type D sees for a field of the format's type @type: an integer as
 * it is; an array "T[N]", a dynamic array "__data_loc T[]" and a
 * structure as "T *", their address.
 */
static int sdt_tp_arg_init(struct sdt_tp_arg *a,
			   const struct trace_event_fields *f,
			   unsigned int offset)
{
	const char *type = f->type;
	size_t len;

	a->offset = offset;
	a->size = f->size;
	if (str_has_prefix(type, "__data_loc ")) {
		a->kind = SDT_TP_DATA_LOC;
		type += strlen("__data_loc ");
	} else if (str_has_prefix(type, "__rel_loc ")) {
		a->kind = SDT_TP_REL_LOC;
		type += strlen("__rel_loc ");
	} else if (strchr(type, '[') || f->size > 8 || !is_power_of_2(f->size)) {
		a->kind = SDT_TP_ADDR;
	} else {
		a->kind = f->is_signed ? SDT_TP_SIGNED : SDT_TP_UNSIGNED;
		a->type = kstrdup(type, GFP_KERNEL);
		return a->type ? 0 : -ENOMEM;
	}
	len = strcspn(type, "[");
	while (len && type[len - 1] == ' ')
		len--;
	a->type = kasprintf(GFP_KERNEL, "%.*s *", (int)len, type);
	return a->type ? 0 : -ENOMEM;
}

/*
 * The fields of @call, laid out as the kernel lays out its record: after
 * the common header, each field at the next multiple of its alignment.
 * An event whose fields are made by a function (syscalls, ftrace's own)
 * has no args[].
 */
static int sdt_tp_args_init(struct sdt_tp_probe *probe,
			    struct trace_event_call *call)
{
	const struct trace_event_fields *f = call->class->fields_array;
	unsigned int offset = sizeof(struct trace_entry);
	int ret;

	for (; f && f->type && f->type != TRACE_FUNCTION_TYPE; f++) {
		if (probe->nargs == DTRACE_PROBE_NARGS)
			break;
		offset = ALIGN(offset, f->align ? f->align : 1);
		if (offset + f->size > U16_MAX)
			break;
		ret = sdt_tp_arg_init(&probe->args[probe->nargs], f, offset);
		if (ret)
			return ret;
		probe->nargs++;
		offset += f->size;
	}
	return 0;
}

/* Make the probe of event @system:@event, if the kernel has it. */
static void sdt_tp_probe_add(const char *system, const char *event)
{
	size_t slen = strlen(system) + 1, elen = strlen(event) + 1;
	struct trace_event_file *file;
	struct sdt_tp_probe *probe;
	int ret;

	file = trace_get_event_file(NULL, system, event);
	if (IS_ERR(file))
		return;
	probe = kzalloc(struct_size(probe, system, slen + elen), GFP_KERNEL);
	if (!probe)
		goto out_put;
	memcpy(probe->system, system, slen);
	memcpy(probe->system + slen, event, elen);
	probe->event = probe->system + slen;
	ret = sdt_tp_args_init(probe, file->event_call);
	if (ret)
		goto out_free;
	probe->id = dtrace_probe_create(sdt_tp_prov, system, "", event, probe);
	if (probe->id == DTRACE_IDNONE)
		goto out_free;
	trace_put_event_file(file);
	return;

out_free:
	sdt_tp_probe_free(probe);
out_put:
	trace_put_event_file(file);
	pr_warn("no probe for %s:%s\n", system, event);
}

static bool sdt_tp_want(const struct dtrace_probedesc *desc,
			const char *system, const char *event)
{
	return dtrace_match_glob(desc->mod, system) &&
	       dtrace_match_glob(desc->name, event) &&
	       dtrace_probe_lookup(sdt_tp_prov, system, "", event) ==
	       DTRACE_IDNONE;
}

/*
 * The events @desc names that have no probe yet.  One named exactly that
 * was not in events/ when the module loaded (a module's, loaded later)
 * is looked for too.
 */
static int sdt_tp_provide(void *arg, const struct dtrace_probedesc *desc)
{
	struct sdt_tp_name *n;

	if (!dtrace_match_glob(desc->func, ""))
		return 0;
	list_for_each_entry(n, &sdt_tp_names, list)
		if (sdt_tp_want(desc, n->system, n->event))
			sdt_tp_probe_add(n->system, n->event);
	if (desc->mod[0] && desc->name[0] &&
	    !strpbrk(desc->mod, "*?[\\") && !strpbrk(desc->name, "*?[\\") &&
	    sdt_tp_want(desc, desc->mod, desc->name))
		sdt_tp_probe_add(desc->mod, desc->name);
	return 0;
}

static const struct dtrace_pops sdt_tp_pops = {
	.owner		= THIS_MODULE,
	.provide	= sdt_tp_provide,
	.enable		= sdt_tp_enable,
	.disable	= sdt_tp_disable,
	.destroy	= sdt_tp_destroy,
	.getargdesc	= sdt_tp_getargdesc,
};

/* Reading a directory of tracefs: the names of its subdirectories */
struct sdt_tp_dir {
	struct dir_context	ctx;
	const char		*system;	/* NULL: reading events/ */
	struct list_head	*out;
	int			err;
};

static bool sdt_tp_filldir(struct dir_context *ctx, const char *name,
			   int len, loff_t off, u64 ino, unsigned int type)
{
	struct sdt_tp_dir *d = container_of(ctx, struct sdt_tp_dir, ctx);
	size_t slen = d->system ? strlen(d->system) + 1 : 0;
	struct sdt_tp_name *n;

	if (type != DT_DIR || name[0] == '.')
		return true;
	n = kzalloc(struct_size(n, system, slen + len + 1), GFP_KERNEL);
	if (!n) {
		d->err = -ENOMEM;
		return false;
	}
	/* events/ gives "SYSTEM\0"; events/SYSTEM/ gives "SYSTEM\0EVENT" */
	if (slen)
		memcpy(n->system, d->system, slen);
	memcpy(n->system + slen, name, len);
	n->event = n->system + slen;
	list_add_tail(&n->list, d->out);
	return true;
}

static int sdt_tp_readdir(struct vfsmount *mnt, const char *path,
			  const char *system, struct list_head *out)
{
	struct sdt_tp_dir d = {
		.ctx.actor = sdt_tp_filldir,
		.system = system,
		.out = out,
	};
	struct path root = { .mnt = mnt, .dentry = mnt->mnt_root };
	struct file *f;
	int ret;

	f = file_open_root(&root, path, O_RDONLY | O_DIRECTORY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = iterate_dir(f, &d.ctx);
	fput(f);
	/* 6.12's eventfs says 1 when it is done */
	return ret < 0 ? ret : d.err;
}

static void sdt_tp_names_free(struct list_head *list)
{
	struct sdt_tp_name *n, *tmp;

	list_for_each_entry_safe(n, tmp, list, list) {
		list_del(&n->list);
		kfree(n);
	}
}

/*
 * The events of tracefs's events/SYSTEM/EVENT, read through a mount of
 * tracefs of our own (the same superblock as every mount of it), so
 * that it does not matter where, or whether, tracefs is mounted.
 */
static int sdt_tp_names_read(void)
{
	struct file_system_type *fs = get_fs_type("tracefs");
	struct sdt_tp_name *sys;
	struct vfsmount *mnt;
	LIST_HEAD(systems);
	char path[DTRACE_MODNAMELEN + 8];
	int ret;

	if (!fs)
		return -ENODEV;
	mnt = kern_mount(fs);
	module_put(fs->owner);	/* get_fs_type()'s reference */
	if (IS_ERR(mnt))
		return PTR_ERR(mnt);
	ret = sdt_tp_readdir(mnt, "events", NULL, &systems);
	list_for_each_entry(sys, &systems, list) {
		if (ret)
			break;
		snprintf(path, sizeof(path), "events/%s", sys->event);
		ret = sdt_tp_readdir(mnt, path, sys->event, &sdt_tp_names);
	}
	sdt_tp_names_free(&systems);
	kern_unmount(mnt);
	if (ret)
		sdt_tp_names_free(&sdt_tp_names);
	return ret;
}

/**
 * sdt_tp_init() - read the kernel's events and register provider "sdt"
 *
 * Context: process; module init.
 * Return: 0, or the error reading tracefs or registering.
 */
int sdt_tp_init(void)
{
	int ret = sdt_tp_names_read();

	if (ret) {
		pr_err("cannot read the events of tracefs: %d\n", ret);
		return ret;
	}
	ret = dtrace_register("sdt", &sdt_tp_pops, NULL, &sdt_tp_prov);
	if (ret)
		sdt_tp_names_free(&sdt_tp_names);
	return ret;
}

/**
 * sdt_tp_exit() - unregister provider "sdt"
 *
 * Context: process; module exit, with none of its probes enabled.
 */
void sdt_tp_exit(void)
{
	dtrace_unregister(sdt_tp_prov);
	sdt_tp_names_free(&sdt_tp_names);
}
