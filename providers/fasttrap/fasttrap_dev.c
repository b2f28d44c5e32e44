// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace_fasttrap: the dtrace command creates user probes here
 * (DTRACEIOC_FTP_CREATE, include/uapi/linux/dtrace_fasttrap.h), handing
 * in an open file and an offset in it, and waits with DTRACEIOC_FTP_SYNC
 * until the consumers' retained enablings have enabled them.  Each open holds the providers it
 * made probes in; closing it, however its process ends, releases them
 * (fasttrap.c decides when they go).  An open may also watch execs
 * (DTRACEIOC_FTP_WATCH; read() gives their pids, fasttrap_exec.c holds
 * the processes until DTRACEIOC_FTP_RELEASE or the close).  Only
 * CAP_SYS_ADMIN may open it.
 *
 * Context: process.
 */
#define pr_fmt(fmt) "dtrace fasttrap: " fmt

#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/pid.h>
#include <linux/poll.h>
#include <linux/ptrace.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "fasttrap_impl.h"

/* An open of the device: the providers it holds, the execs it watches. */
struct ftp_file {
	struct list_head	holds;		/* ftp_lock */
	struct mutex		watch_lock;	/* @watch being set */
	struct ftp_watch	*watch;		/* NULL: not watching */
};

struct ftp_hold {
	struct list_head	list;
	struct ftp_provider	*prov;
};

#define FTP_NREGS	(sizeof(struct pt_regs) / sizeof(unsigned long))

/* The layout every consumer was built against (selftests/abi/header_c89.c). */
static_assert(sizeof(struct dtrace_ftarg) == 16);
static_assert(sizeof(struct dtrace_ioc_ftp_create) == 1560);

static int ftp_dev_open(struct inode *inode, struct file *file)
{
	struct ftp_file *ff;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff)
		return -ENOMEM;
	INIT_LIST_HEAD(&ff->holds);
	mutex_init(&ff->watch_lock);
	file->private_data = ff;
	return 0;
}

static int ftp_dev_release(struct inode *inode, struct file *file)
{
	struct ftp_file *ff = file->private_data;
	struct ftp_hold *h, *next;

	ftp_watch_stop(ff->watch);
	mutex_lock(&ftp_lock);
	list_for_each_entry_safe(h, next, &ff->holds, list) {
		ftp_provider_release(h->prov);
		kfree(h);
	}
	mutex_unlock(&ftp_lock);
	kfree(ff);
	return 0;
}

static bool ftp_name_ok(const char *s, size_t size)
{
	size_t len = strnlen(s, size);

	return len && len < size && !strpbrk(s, ":*?[]\\ \t\n");
}

/* The provider's name ends in the pid it traces; "pid" for any process. */
static bool ftp_provider_ok(const char *name, pid_t pid)
{
	size_t len = strlen(name);
	char digits[16];
	int n;

	if (!pid)
		return !strcmp(name, "pid");
	n = snprintf(digits, sizeof(digits), "%d", pid);
	return len > n && !strcmp(name + len - n, digits) &&
	       !isdigit(name[len - n - 1]);
}

static bool ftp_arg_ok(const struct dtrace_ftarg *a)
{
	switch (abs(a->size)) {
	case 1: case 2: case 4: case 8:
		break;
	default:
		return false;
	}
	switch (a->kind) {
	case DTRACE_FTARG_IMM:
		return true;
	case DTRACE_FTARG_REG:
		return a->base < FTP_NREGS;
	case DTRACE_FTARG_MEM:
		return (a->base < FTP_NREGS || a->base == DTRACE_FTARG_NOREG) &&
		       (a->index == DTRACE_FTARG_NOREG ||
			(a->index < FTP_NREGS && is_power_of_2(a->scale) &&
			 a->scale <= 8));
	}
	return false;
}

static int ftp_req_check(const struct dtrace_ioc_ftp_create *req)
{
	const struct dtrace_probedesc *d = &req->desc;
	unsigned int i;

	if (req->size != sizeof(*req) || req->kind >= DTRACE_FTP_NKINDS ||
	    req->pid < 0 || req->nargs > DTRACE_FTP_NARGS ||
	    (req->nargs && req->kind != DTRACE_FTP_USDT) ||
	    (req->refctr && req->kind != DTRACE_FTP_USDT))
		return -EINVAL;
	if (!ftp_name_ok(d->provider, sizeof(d->provider)) ||
	    !ftp_name_ok(d->mod, sizeof(d->mod)) ||
	    !ftp_name_ok(d->func, sizeof(d->func)) ||
	    !ftp_name_ok(d->name, sizeof(d->name)) ||
	    !ftp_provider_ok(d->provider, req->pid))
		return -EINVAL;
	for (i = 0; i < req->nargs; i++)
		if (!ftp_arg_ok(&req->args[i]))
			return -EINVAL;
	return ftp_argtypes_size(req) < 0 ? -EINVAL : 0;
}

/*
 * The regular file @fd into @obj, held: its path and the inode whose
 * pages a process maps.  On overlayfs that is the inode of the real
 * file (upper or lower), not the overlay's, which the file opened
 * through the overlay (what /proc/PID/map_files opens) has.
 */
static int ftp_object_get(int fd, const struct dtrace_ioc_ftp_create *req,
			  struct ftp_object *obj)
{
	struct file *f = fget(fd);
	struct inode *real;
	loff_t size;
	int ret = -EINVAL;

	if (!f)
		return -EBADF;
	real = d_real_inode(f->f_path.dentry);
	size = i_size_read(real);
	if (S_ISREG(real->i_mode) && req->offset < size &&
	    req->refctr < size) {
		obj->inode = igrab(real);
		ret = obj->inode ? 0 : -ENOENT;
	}
	if (!ret) {
		obj->path = f->f_path;
		path_get(&obj->path);
	}
	fput(f);
	return ret;
}

/* The address space of process @pid, held with mmgrab(). */
static struct mm_struct *ftp_pid_mm(pid_t pid)
{
	struct task_struct *task;
	struct mm_struct *mm;
	struct pid *p;

	p = find_get_pid(pid);
	if (!p)
		return ERR_PTR(-ESRCH);
	task = get_pid_task(p, PIDTYPE_TGID);
	put_pid(p);
	if (!task)
		return ERR_PTR(-ESRCH);
	mm = get_task_mm(task);
	put_task_struct(task);
	if (!mm)
		return ERR_PTR(-ESRCH);
	mmgrab(mm);
	mmput(mm);
	return mm;
}

/*
 * The provider @name of @mm as held by @ff, taking a hold on it if need
 * be.  One held for an earlier process of the pid is another provider.
 */
static struct ftp_provider *ftp_file_provider(struct ftp_file *ff,
					      const char *name,
					      struct mm_struct *mm)
{
	struct ftp_provider *prov;
	struct ftp_hold *h;

	list_for_each_entry(h, &ff->holds, list)
		if (!h->prov->retired && h->prov->mm == mm &&
		    !strcmp(h->prov->name, name))
			return h->prov;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return ERR_PTR(-ENOMEM);
	prov = ftp_provider_hold(name, mm);
	if (IS_ERR(prov)) {
		kfree(h);
		return prov;
	}
	h->prov = prov;
	list_add_tail(&h->list, &ff->holds);
	return prov;
}

/* The request is too big for the stack: it is copied to the heap. */
static long ftp_ioc_create(struct ftp_file *ff, void __user *uarg)
{
	struct dtrace_ioc_ftp_create *req;
	struct ftp_site *arm = NULL;
	struct ftp_provider *prov;
	struct mm_struct *mm = NULL;
	struct ftp_object obj = { .inode = NULL };
	u32 id;
	int ret;

	req = memdup_user(uarg, sizeof(*req));
	if (IS_ERR(req))
		return PTR_ERR(req);
	ret = ftp_req_check(req);
	if (ret)
		goto out;
	ret = ftp_object_get(req->fd, req, &obj);
	if (ret)
		goto out;
	if (req->pid) {
		mm = ftp_pid_mm(req->pid);
		if (IS_ERR(mm)) {
			ret = PTR_ERR(mm);
			mm = NULL;
			goto out;
		}
	}

	mutex_lock(&ftp_lock);
	prov = ftp_file_provider(ff, req->desc.provider, mm);
	if (IS_ERR(prov)) {
		ret = PTR_ERR(prov);
		goto out_unlock;
	}
	ret = ftp_probe_create(prov, req, &obj, mm, &arm);
	if (ret == 0)		/* the new probe has them now */
		mm = NULL;
out_unlock:
	mutex_unlock(&ftp_lock);
	if (arm)
		ret = ftp_site_arm_late(arm);
out:
	if (mm)
		mmdrop(mm);
	ftp_object_put(&obj);
	id = req->id;
	kfree(req);
	if (ret < 0)
		return ret;
	return put_user(id, (__u32 __user *)(uarg +
			offsetof(struct dtrace_ioc_ftp_create, id)));
}

static long ftp_ioc_watch(struct ftp_file *ff)
{
	int ret;

	mutex_lock(&ff->watch_lock);
	ret = ftp_watch_start(&ff->watch);
	mutex_unlock(&ff->watch_lock);
	return ret;
}

static long ftp_dev_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct ftp_file *ff = file->private_data;

	switch (cmd) {
	case DTRACEIOC_FTP_CREATE:
		return ftp_ioc_create(ff, (void __user *)arg);
	case DTRACEIOC_FTP_SYNC:
		dtrace_retained_sync();
		return 0;
	case DTRACEIOC_FTP_WATCH:
		return ftp_ioc_watch(ff);
	case DTRACEIOC_FTP_RELEASE:
		if (!READ_ONCE(ff->watch))
			return -EINVAL;
		ftp_watch_release(ff->watch);
		return 0;
	}
	return -ENOTTY;
}

static ssize_t ftp_dev_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	struct ftp_file *ff = file->private_data;

	return ftp_watch_read(READ_ONCE(ff->watch), buf, count,
			      file->f_flags & O_NONBLOCK);
}

static __poll_t ftp_dev_poll(struct file *file, poll_table *pt)
{
	struct ftp_file *ff = file->private_data;

	return ftp_watch_poll(READ_ONCE(ff->watch), file, pt);
}

static const struct file_operations ftp_dev_fops = {
	.owner		= THIS_MODULE,
	.open		= ftp_dev_open,
	.release	= ftp_dev_release,
	.read		= ftp_dev_read,
	.poll		= ftp_dev_poll,
	.unlocked_ioctl	= ftp_dev_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
};

static struct miscdevice ftp_miscdev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "dtrace_fasttrap",
	.fops	= &ftp_dev_fops,
	.mode	= 0600,
};

int ftp_dev_init(void)
{
	return misc_register(&ftp_miscdev);
}

void ftp_dev_exit(void)
{
	misc_deregister(&ftp_miscdev);
}
