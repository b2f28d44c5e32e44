// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_demo.ko: a complete, minimal dtrace provider, as a driver
 * author would write one.  Writing to /proc/dtrace_demo fires
 *
 *	demo:dtrace_demo:demo_write:write	(size_t len, const char *data)
 *
 * The probe is created on demand (->provide), armed by a flag that the
 * write path tests (->enable, ->disable), typed (->getargdesc) and freed
 * with the provider (->destroy).  docs/writing-a-provider.md walks
 * through it.
 *
 * Context: process for everything, including the firing (a write).
 */
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <dtrace/provider.h>

#define DEMO_MAX	64

struct demo_probe {
	dtrace_id_t	id;
	bool		enabled;	/* READ_ONCE in the write path */
};

static dtrace_provider_id_t demo_prov;
static struct demo_probe *demo_write_probe;	/* set once by ->provide */
static struct proc_dir_entry *demo_entry;

/* Create the probe the first time a consumer's description can match it. */
static int demo_provide(void *arg, const struct dtrace_probedesc *desc)
{
	struct demo_probe *probe;

	if (demo_write_probe)
		return 0;
	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	if (!probe)
		return -ENOMEM;
	probe->id = dtrace_probe_create(demo_prov, KBUILD_MODNAME,
					"demo_write", "write", probe);
	if (probe->id == DTRACE_IDNONE) {
		kfree(probe);
		return -ENOMEM;
	}
	WRITE_ONCE(demo_write_probe, probe);
	return 0;
}

static int demo_enable(void *arg, dtrace_id_t id, void *parg)
{
	struct demo_probe *probe = parg;

	WRITE_ONCE(probe->enabled, true);
	return 0;
}

/* After the grace period no write is between its test and the firing. */
static void demo_disable(void *arg, dtrace_id_t id, void *parg)
{
	struct demo_probe *probe = parg;

	WRITE_ONCE(probe->enabled, false);
	synchronize_rcu();
}

static void demo_destroy(void *arg, dtrace_id_t id, void *parg)
{
	kfree(parg);
}

static void demo_getargdesc(void *arg, dtrace_id_t id, void *parg,
			    struct dtrace_ioc_probearg *desc)
{
	static const char *const types[] = { "size_t", "const char *" };

	if (desc->argno < ARRAY_SIZE(types))
		strscpy(desc->native, types[desc->argno], sizeof(desc->native));
}

/* A made-up provider: unstable names and arguments */
static const struct dtrace_pattr demo_attr = {
	.provider	= DTRACE_ATTR(UNSTABLE, UNSTABLE, COMMON),
	.mod		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.func		= DTRACE_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	.name		= DTRACE_ATTR(UNSTABLE, UNSTABLE, COMMON),
	.args		= DTRACE_ATTR(UNSTABLE, UNSTABLE, COMMON),
};

static const struct dtrace_pops demo_pops = {
	.owner		= THIS_MODULE,
	.provide	= demo_provide,
	.enable		= demo_enable,
	.disable	= demo_disable,
	.destroy	= demo_destroy,
	.getargdesc	= demo_getargdesc,
	.attr		= &demo_attr,
};

static ssize_t demo_write(struct file *file, const char __user *ubuf,
			  size_t len, loff_t *ppos)
{
	char buf[DEMO_MAX + 1];
	struct demo_probe *probe;
	size_t n = min_t(size_t, len, DEMO_MAX);

	if (copy_from_user(buf, ubuf, n))
		return -EFAULT;
	buf[n] = '\0';

	rcu_read_lock();
	probe = READ_ONCE(demo_write_probe);
	if (probe && READ_ONCE(probe->enabled))
		dtrace_probe(probe->id, len, (unsigned long)buf, 0, 0, 0, 0);
	rcu_read_unlock();
	return len;
}

static const struct proc_ops demo_proc_ops = {
	.proc_write	= demo_write,
};

static int __init demo_init(void)
{
	int ret;

	ret = dtrace_register("demo", &demo_pops, NULL, &demo_prov);
	if (ret)
		return ret;
	demo_entry = proc_create("dtrace_demo", 0200, NULL, &demo_proc_ops);
	if (!demo_entry) {
		dtrace_unregister(demo_prov);
		return -ENOMEM;
	}
	return 0;
}

/*
 * No probe is enabled (the core holds this module while one is): remove
 * the file, so no write can start, then the provider and its probe.
 */
static void __exit demo_exit(void)
{
	proc_remove(demo_entry);
	dtrace_unregister(demo_prov);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example DTrace provider: demo:::write on /proc/dtrace_demo writes");
MODULE_IMPORT_NS(DTRACE_NS);
