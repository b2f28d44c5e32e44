// SPDX-License-Identifier: GPL-2.0
/*
 * What providers that trace the kernel itself (syscall, sdt, fbt) learn
 * about it: the BTF of vmlinux and of each module, read from
 * /sys/kernel/btf, and the modules that are live.  Process context
 * only; nothing here is used when a probe fires.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <uapi/linux/btf.h>
#include <dtrace/provider.h>
#include "internal.h"

#define DTRACE_BTF_MAX	SZ_64M	/* 6.1 amd64 vmlinux: about 5 MB */

/*
 * The whole of sysfs file @path, vmalloc()ed, by plain reads as the
 * calling process: not kernel_read_file(), whose LSM hook is for
 * firmware, modules and policies, and on 6.12 (IPE) warns of a read it
 * has no name for.  Return: the size, or -ENOENT (no such file),
 * -EINVAL (empty, too big or unreadable), -ENOMEM.
 */
static ssize_t dtrace_sysfs_read(const char *path, void **bufp)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	loff_t size, pos = 0;
	ssize_t n = 0;
	void *buf;

	if (IS_ERR(f))
		return -ENOENT;
	size = i_size_read(file_inode(f));
	if (size <= 0 || size > DTRACE_BTF_MAX) {
		n = -EINVAL;
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
		n = -EINVAL;
		goto out;
	}
	*bufp = buf;
	n = size;
out:
	fput(f);
	return n;
}

void *dtrace_btf_read(const char *object, size_t *sizep)
{
	const struct btf_header *hdr;
	void *buf = NULL;
	ssize_t size;
	char *path;

	path = kasprintf(GFP_KERNEL, "/sys/kernel/btf/%s", object);
	if (!path)
		return ERR_PTR(-ENOMEM);
	size = dtrace_sysfs_read(path, &buf);
	kfree(path);
	if (size < 0)
		return ERR_PTR(size);
	hdr = buf;
	if (size < sizeof(*hdr) || hdr->magic != BTF_MAGIC ||
	    hdr->hdr_len < sizeof(*hdr) || hdr->hdr_len > size ||
	    (u64)hdr->type_off + hdr->type_len > size - hdr->hdr_len ||
	    (u64)hdr->str_off + hdr->str_len > size - hdr->hdr_len) {
		vfree(buf);
		return ERR_PTR(-EINVAL);
	}
	*sizep = size;
	return buf;
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
