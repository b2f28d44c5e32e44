// SPDX-License-Identifier: GPL-2.0
/*
 * globtest.ko: the kernel's run of the glob cases both sides share
 * (framework/engine/glob_cases.h) through dtrace_core's exported
 * dtrace_match_glob(), the matcher the core matches probe descriptions
 * with.  Userland's unit test runs the same table against the same
 * source built for the host.  /proc/globtest reads as KTAP, one line
 * per case; selftests/modules/glob.sh loads it and checks.
 * Process context throughout.
 */
#define pr_fmt(fmt) "globtest: " fmt

#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <dtrace/provider.h>
#include "engine/glob_cases.h"

/* @s, quotes, backslashes and bytes outside printable ASCII escaped. */
static void globtest_put(struct seq_file *m, const char *s)
{
	for (; *s; s++) {
		u8 c = *s;

		if (c < 0x20 || c >= 0x7f)
			seq_printf(m, "\\x%02x", c);
		else if (c == '\\' || c == '"')
			seq_printf(m, "\\%c", c);
		else
			seq_putc(m, c);
	}
}

static int globtest_show(struct seq_file *m, void *v)
{
	const struct dtrace_glob_case *c;
	unsigned int i;

	seq_printf(m, "KTAP version 1\n1..%zu\n", ARRAY_SIZE(dtrace_glob_cases));
	for (i = 0; i < ARRAY_SIZE(dtrace_glob_cases); i++) {
		c = &dtrace_glob_cases[i];
		seq_printf(m, "%sok %u glob: \"",
			   dtrace_match_glob(c->pattern, c->str) == c->match ?
			   "" : "not ", i + 1);
		globtest_put(m, c->str);
		seq_printf(m, "\" %s \"", c->match ? "matches" : "does not match");
		globtest_put(m, c->pattern);
		seq_puts(m, "\"\n");
	}
	return 0;
}

static int __init globtest_init(void)
{
	if (!proc_create_single("globtest", 0444, NULL, globtest_show))
		return -ENOMEM;
	return 0;
}

static void __exit globtest_exit(void)
{
	remove_proc_entry("globtest", NULL);
}

module_init(globtest_init);
module_exit(globtest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("The glob cases userland and the DTrace core share, run in the kernel");
MODULE_IMPORT_NS(DTRACE_NS);
