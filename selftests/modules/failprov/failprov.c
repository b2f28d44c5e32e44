// SPDX-License-Identifier: GPL-2.0
/*
 * failprov.ko: a provider whose enable fails, for
 * selftests/modules/failprov.sh.  Probes failprov:::ok1 and ok2 arm;
 * failprov:::bad refuses with -EIO, and failprov:::full with -E2BIG as
 * a provider at its limit does.  /sys/module/failprov/parameters/armed
 * counts the probes armed now, so a test sees what a failed enabling
 * left behind.  The probes never fire.
 * Process context (the core calls the ops under its locks).
 */
#define pr_fmt(fmt) "failprov: " fmt

#include <linux/module.h>
#include <dtrace/provider.h>

static int armed;
module_param(armed, int, 0444);
MODULE_PARM_DESC(armed, "Probes armed now");

static dtrace_provider_id_t failprov_id;

static int failprov_enable(void *arg, dtrace_id_t id, void *parg)
{
	int ret = (long)parg;

	if (ret)
		return ret;
	WRITE_ONCE(armed, armed + 1);
	return 0;
}

static void failprov_disable(void *arg, dtrace_id_t id, void *parg)
{
	WRITE_ONCE(armed, armed - 1);
}

static const struct dtrace_pops failprov_pops = {
	.owner		= THIS_MODULE,
	.enable		= failprov_enable,
	.disable	= failprov_disable,
};

static const struct {
	const char	*name;
	long		enable_ret;
} failprov_probes[] = {
	{ "ok1", 0 }, { "bad", -EIO }, { "ok2", 0 }, { "full", -E2BIG },
};

static int __init failprov_init(void)
{
	size_t i;
	int ret;

	ret = dtrace_register("failprov", &failprov_pops, NULL, &failprov_id);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(failprov_probes); i++) {
		if (dtrace_probe_create(failprov_id, "", "",
					failprov_probes[i].name,
					(void *)failprov_probes[i].enable_ret) ==
		    DTRACE_IDNONE) {
			dtrace_unregister(failprov_id);
			return -ENOMEM;
		}
	}
	return 0;
}

static void __exit failprov_exit(void)
{
	dtrace_unregister(failprov_id);
}

module_init(failprov_init);
module_exit(failprov_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace test provider whose enable fails");
MODULE_IMPORT_NS(DTRACE_NS);
