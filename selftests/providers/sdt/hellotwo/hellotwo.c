// SPDX-License-Identifier: GPL-2.0
/*
 * hellotwo.ko: a test fixture for dtrace_sdt, a second module whose
 * sites use the provider name of the example driver, helloworld.ko.
 * Reading /proc/hellotwo fires hello:hellotwo:two_read:read.
 * Context: process (procfs).
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <dtrace/sdt.h>

static struct proc_dir_entry *two_entry;

static ssize_t two_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	static const char msg[] = "two\n";

	DTRACE_PROBE2(hello, read, size_t, len, const char *, msg);
	return simple_read_from_buffer(buf, len, ppos, msg, sizeof(msg) - 1);
}

static const struct proc_ops two_ops = {
	.proc_read	= two_read,
};

static int __init two_init(void)
{
	two_entry = proc_create("hellotwo", 0444, NULL, &two_ops);
	return two_entry ? 0 : -ENOMEM;
}

static void __exit two_exit(void)
{
	proc_remove(two_entry);
}

module_init(two_init);
module_exit(two_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dtrace_sdt test: a second module with hello::: probes");
