// SPDX-License-Identifier: GPL-2.0
/*
 * sdt_bench.ko: what a disabled DTRACE_PROBE() site costs.  Writing N to
 * /proc/sdt_bench runs a loop of N iterations through a site, then the
 * same loop without one, each timed with ktime; reading gives the two
 * times in ns and the loops' result (which keeps the compiler from
 * dropping the bare loop's work: the site uses it as an argument).
 * bench/sdt.sh drives it.  Context: process (procfs).
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <dtrace/sdt.h>

static DEFINE_MUTEX(bench_lock);
static u64 bench_with, bench_without;	/* ns; bench_lock */
static u64 bench_acc;			/* both loops' result; bench_lock */
static struct proc_dir_entry *bench_entry;

/* noinline: both loops are compiled alike, apart from the site. */
static noinline u64 bench_loop_site(u64 n)
{
	u64 i, acc = 0;

	for (i = 0; i < n; i++) {
		acc += i ^ (acc >> 3);
		DTRACE_PROBE1(bench, loop, u64, acc);
		barrier();
	}
	return acc;
}

static noinline u64 bench_loop_bare(u64 n)
{
	u64 i, acc = 0;

	for (i = 0; i < n; i++) {
		acc += i ^ (acc >> 3);
		barrier();
	}
	return acc;
}

static ssize_t bench_write(struct file *file, const char __user *buf,
			   size_t len, loff_t *ppos)
{
	u64 n, t0, t1, t2;
	int ret;

	ret = kstrtou64_from_user(buf, len, 10, &n);
	if (ret)
		return ret;
	mutex_lock(&bench_lock);
	t0 = ktime_get_ns();
	bench_acc = bench_loop_site(n);
	t1 = ktime_get_ns();
	bench_acc ^= bench_loop_bare(n);
	t2 = ktime_get_ns();
	bench_with = t1 - t0;
	bench_without = t2 - t1;
	mutex_unlock(&bench_lock);
	return len;
}

static ssize_t bench_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	char out[72];
	int n;

	mutex_lock(&bench_lock);
	n = scnprintf(out, sizeof(out), "%llu %llu %llu\n", bench_with,
		      bench_without, bench_acc);
	mutex_unlock(&bench_lock);
	return simple_read_from_buffer(buf, len, ppos, out, n);
}

static const struct proc_ops bench_ops = {
	.proc_read	= bench_read,
	.proc_write	= bench_write,
};

static int __init bench_init(void)
{
	bench_entry = proc_create("sdt_bench", 0600, NULL, &bench_ops);
	return bench_entry ? 0 : -ENOMEM;
}

static void __exit bench_exit(void)
{
	proc_remove(bench_entry);
}

module_init(bench_init);
module_exit(bench_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dtrace benchmark: the cost of a disabled SDT site");
