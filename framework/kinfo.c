// SPDX-License-Identifier: GPL-2.0
/*
 * What providers that trace the kernel itself (syscall, sdt, fbt) learn
 * about it: the BTF of vmlinux and of each module, read from
 * /sys/kernel/btf under the init task's root (never the caller's: a
 * consumer in a container may see no sysfs, or a file of its own) and
 * checked whole (engine/btf_check.c) before a provider sees a byte of
 * it; and the modules that are live.  Process context only; nothing
 * here is used when a probe fires.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/path.h>
#include <linux/sched/task.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <dtrace/provider.h>
#include "engine/btf_check.h"
#include "internal.h"

#define DTRACE_BTF_MAX	SZ_64M	/* 6.1 amd64 vmlinux: about 5 MB */

/* The checked BTF of one object, as dtrace_btf_load() hands it out. */
struct dtrace_btf {
	void			*data;		/* vmalloc()ed, the whole file */
	size_t			size;
	u32			*offs;		/* the index view.offs points to */
	struct btf_view		view;
};

/*
 * /sys/kernel/btf/@object as the init task sees it.  Return: the open
 * file, or ERR_PTR(-ENOMEM) or of the open's errno (-ENOENT: none).
 */
static struct file *dtrace_btf_open(const char *object)
{
	struct file *f;
	struct path root;
	char *path;

	path = kasprintf(GFP_KERNEL, "sys/kernel/btf/%s", object);
	if (!path)
		return ERR_PTR(-ENOMEM);
	get_fs_root(init_task.fs, &root);
	f = file_open_root(&root, path, O_RDONLY, 0);
	path_put(&root);
	kfree(path);
	return f;
}

/*
 * The whole of @object's BTF file, vmalloc()ed, by plain reads: not
 * kernel_read_file(), whose LSM hook is for firmware, modules and
 * policies, and on 6.12 (IPE) warns of a read it has no name for.
 * Return: the size, or -EBADMSG (empty or too big), -EIO (cut short),
 * -ENOMEM or the errno of the open (-ENOENT: no such file).
 */
static ssize_t dtrace_btf_file(const char *object, void **bufp)
{
	struct file *f = dtrace_btf_open(object);
	loff_t size, pos = 0;
	ssize_t n = 0;
	void *buf;

	if (IS_ERR(f))
		return PTR_ERR(f);
	size = i_size_read(file_inode(f));
	if (size <= 0 || size > DTRACE_BTF_MAX) {
		n = -EBADMSG;
		goto out;
	}
	buf = vmalloc(size);
	if (!buf) {
		n = -ENOMEM;
		goto out;
	}
	while (pos < size) {
		n = kernel_read(f, buf + pos, size - pos, &pos);
		if (n <= 0)
			break;
	}
	if (pos < size) {
		vfree(buf);
		n = -EIO;
		goto out;
	}
	*bufp = buf;
	n = size;
out:
	fput(f);
	return n;
}

/* Say why @object's BTF is not used, where an operator looks. */
static void dtrace_btf_refuse(const char *object, int err, const char *why,
			      u32 id)
{
	if (err == -ENOENT && strcmp(object, "vmlinux"))
		return;		/* a module without BTF: nothing to say */
	if (err == -ENOENT)
		dtrace_trace("BTF of vmlinux: none in the init root (no sysfs on its /sys?)");
	else if (err == -EBADMSG && id)
		dtrace_trace("BTF of %s is invalid: type %u: %s", object, id,
			     why);
	else if (err == -EBADMSG)
		dtrace_trace("BTF of %s is invalid: %s", object, why);
	else
		dtrace_trace("BTF of %s not read: %d", object, err);
}

void dtrace_btf_free(struct dtrace_btf *btf)
{
	if (!btf)
		return;
	kvfree(btf->offs);
	vfree(btf->data);
	kfree(btf);
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_free, DTRACE_NS);

struct dtrace_btf *dtrace_btf_load(const char *object,
				   const struct dtrace_btf *base)
{
	struct dtrace_btf *btf;
	const char *why;
	ssize_t size;
	int err;

	btf = kzalloc(sizeof(*btf), GFP_KERNEL);
	if (!btf)
		return ERR_PTR(-ENOMEM);
	size = dtrace_btf_file(object, &btf->data);
	if (size < 0) {
		err = size;
		why = "empty, or bigger than 64 MiB";
		goto out_free;
	}
	btf->size = size;
	err = -EBADMSG;
	why = btf_check_layout(&btf->view, btf->data, size,
			       base ? &base->view : NULL);
	if (why)
		goto out_free;
	btf->offs = kvmalloc_array(btf->view.ntypes ?: 1, sizeof(u32),
				   GFP_KERNEL);
	if (!btf->offs) {
		err = -ENOMEM;
		goto out_free;
	}
	why = btf_check_types(&btf->view, btf->offs);
	if (why)
		goto out_free;
	return btf;

out_free:
	dtrace_btf_refuse(object, err, why, btf->view.bad_id);
	dtrace_btf_free(btf);
	return ERR_PTR(err);
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_load, DTRACE_NS);

void dtrace_btf_ids(const struct dtrace_btf *btf, u32 *first, u32 *n)
{
	*first = btf->view.first_id;
	*n = btf->view.ntypes;
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_ids, DTRACE_NS);

const struct btf_type *dtrace_btf_type(const struct dtrace_btf *btf, u32 id)
{
	return (const void *)btf_view_type(&btf->view, id);
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_type, DTRACE_NS);

const char *dtrace_btf_name(const struct dtrace_btf *btf, u32 off)
{
	return btf_view_str(&btf->view, off) ?: "";
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_name, DTRACE_NS);

void *dtrace_btf_read(const char *object, size_t *sizep)
{
	struct dtrace_btf *btf = dtrace_btf_load(object, NULL);
	void *data;

	if (IS_ERR(btf))
		return ERR_CAST(btf);
	data = btf->data;
	*sizep = btf->size;
	btf->data = NULL;
	dtrace_btf_free(btf);
	return data;
}
EXPORT_SYMBOL_NS_GPL(dtrace_btf_read, DTRACE_NS);

/*
 * Up to @max live modules other than @self from the /sys/module kset,
 * each with a reference taken.  Return: how many there are.
 */
static unsigned int dtrace_modules_get(struct module *self,
				       struct module **mods, unsigned int max)
{
	struct kset *kset = THIS_MODULE->mkobj.kobj.kset;
	struct module_kobject *mk;
	struct kobject *k;
	unsigned int n = 0;

	spin_lock(&kset->list_lock);
	list_for_each_entry(k, &kset->list, entry) {
		mk = container_of(k, struct module_kobject, kobj);
		if (!mk->mod || mk->mod == self ||
		    mk->mod->state != MODULE_STATE_LIVE)
			continue;
		if (n < max && !try_module_get(mk->mod))
			continue;
		if (n < max)
			mods[n] = mk->mod;
		n++;
	}
	spin_unlock(&kset->list_lock);
	return n;
}

int dtrace_modules_each(struct module *self,
			int (*fn)(struct module *mod, void *arg), void *arg)
{
	struct module **mods;
	unsigned int n, i;
	int ret = 0;

	n = dtrace_modules_get(self, NULL, 0);
	mods = kcalloc(n, sizeof(*mods), GFP_KERNEL);
	if (!mods)
		return -ENOMEM;
	n = min(n, dtrace_modules_get(self, mods, n));
	for (i = 0; i < n; i++) {
		if (!ret)
			ret = fn(mods[i], arg);
		module_put(mods[i]);
	}
	kfree(mods);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(dtrace_modules_each, DTRACE_NS);
