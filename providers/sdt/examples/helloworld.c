// SPDX-License-Identifier: GPL-2.0
/*
 * helloworld.ko: an example driver with SDT probes.  /proc/helloworld
 * reads "Hello, world!" and takes writes of up to 64 bytes, which later
 * reads return instead.  Its read and write paths carry DTRACE_PROBE*()
 * sites, so that with dtrace_sdt loaded
 *
 *	dtrace -n 'hello:::read { @[execname] = count(); }'
 *
 * counts the reads by program.  The driver registers nothing with
 * dtrace and does not need it loaded.  Context: process (procfs).
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <dtrace/sdt.h>

#define HELLO_MAX	64

static DEFINE_MUTEX(hello_lock);
static char hello_msg[HELLO_MAX + 1] = "Hello, world!\n";	/* hello_lock */
static struct proc_dir_entry *hello_entry;

static ssize_t hello_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&hello_lock);
	DTRACE_PROBE2(hello, read, size_t, len, const char *, hello_msg);
	ret = simple_read_from_buffer(buf, len, ppos, hello_msg,
				      strlen(hello_msg));
	DTRACE_PROBE1(hello, read__done, ssize_t, ret);
	mutex_unlock(&hello_lock);
	return ret;
}

static ssize_t hello_write(struct file *file, const char __user *buf,
			   size_t len, loff_t *ppos)
{
	char msg[HELLO_MAX + 1];

	if (len > HELLO_MAX) {
		DTRACE_PROBE2(hello, write__toolong, size_t, len, size_t,
			      HELLO_MAX);
		return -EFBIG;
	}
	if (copy_from_user(msg, buf, len))
		return -EFAULT;
	msg[len] = '\0';
	mutex_lock(&hello_lock);
	DTRACE_PROBE3(hello, write, size_t, len, const char *, msg,
		      const char *, hello_msg);
	strscpy(hello_msg, msg, sizeof(hello_msg));
	mutex_unlock(&hello_lock);
	return len;
}

static const struct proc_ops hello_ops = {
	.proc_read	= hello_read,
	.proc_write	= hello_write,
	.proc_lseek	= default_llseek,
};

static int __init hello_init(void)
{
	hello_entry = proc_create("helloworld", 0644, NULL, &hello_ops);
	return hello_entry ? 0 : -ENOMEM;
}

static void __exit hello_exit(void)
{
	proc_remove(hello_entry);
}

module_init(hello_init);
module_exit(hello_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example driver with DTrace SDT probes: /proc/helloworld");
