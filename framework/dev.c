// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dtrace: a misc device, root only, and refused under kernel
 * lockdown for confidentiality.  Each open is one consumer state;
 * closing it (however the process ends) tears everything of that
 * consumer down.  .owner pins dtrace_core while any consumer is open.
 * Process context.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/security.h>
#include "internal.h"

static int dtrace_open(struct inode *inode, struct file *file)
{
	struct dtrace_state *state;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	/*
	 * A consumer's programs read any kernel memory they name, as a BPF
	 * program's bpf_probe_read_kernel() does, which confidentiality
	 * lockdown forbids: this is the lockdown reason that says so.  A
	 * consumer open before the lockdown goes on, as a loaded BPF
	 * program does.
	 */
	ret = security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
	if (ret)
		return ret;
	state = dtrace_state_create();
	if (!state)
		return -ENOMEM;
	file->private_data = state;
	return 0;
}

static int dtrace_release(struct inode *inode, struct file *file)
{
	dtrace_state_destroy(file->private_data);
	return 0;
}

static const struct file_operations dtrace_fops = {
	.owner		= THIS_MODULE,
	.open		= dtrace_open,
	.release	= dtrace_release,
	.unlocked_ioctl	= dtrace_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

static struct miscdevice dtrace_miscdev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "dtrace",
	.fops	= &dtrace_fops,
	.mode	= 0600,
};

int dtrace_dev_init(void)
{
	return misc_register(&dtrace_miscdev);
}

void dtrace_dev_exit(void)
{
	misc_deregister(&dtrace_miscdev);
}
