// SPDX-License-Identifier: GPL-2.0
/*
 * make bench's run-time cost of retiring a kfunc name, three ways of
 * calling what sums two numbers:
 *  - bench_rt_sum: the stable kfunc, the replacement;
 *  - bench_rt_sum_old: a KF_DEPRECATED kfunc of this series, its own body,
 *    called directly: the tier costs nothing at run time;
 *  - bench_rt_sum_wrapped: the old name kept the way sched_ext's 6.13
 *    renames kept theirs, a wrapper that checks a warn-once flag and calls
 *    the new kfunc, on every call for the whole period.
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>
#include <linux/printk.h>

#include "compat.h"

__bpf_kfunc_start_defs();

__bpf_kfunc u64 bench_rt_sum(u64 a, u64 b)
{
	return a + b;
}

__bpf_kfunc u64 bench_rt_sum_old(u64 a, u64 b)
{
	return a + b;
}

BTF_KFUNC_LIFECYCLE(bench_rt_sum_old, "6.1", "6.4", "bench_rt_sum");

__bpf_kfunc u64 bench_rt_sum_wrapped(u64 a, u64 b)
{
	/* sched_ext, built in, calls printk_deferred_once(), which modules
	 * cannot: pr_warn_once() makes the same flag check on every call
	 */
	pr_warn_once("%s() is renamed to bench_rt_sum()\n", __func__);
	return bench_rt_sum(a, b);
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(bench_rt_ids)
BTF_ID_FLAGS(func, bench_rt_sum, KF_STABLE)
BTF_ID_FLAGS(func, bench_rt_sum_old, KF_DEPRECATED)
BTF_ID_FLAGS(func, bench_rt_sum_wrapped)
BTF_KFUNCS_END(bench_rt_ids)

static const struct btf_kfunc_id_set bench_rt_set = {
	.owner = THIS_MODULE,
	.set = &bench_rt_ids,
};

static int __init bench_rt_init(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &bench_rt_set);
}

static void __exit bench_rt_exit(void)
{
}

module_init(bench_rt_init);
module_exit(bench_rt_exit);

MODULE_DESCRIPTION("make bench: the run-time cost of a deprecated kfunc");
MODULE_LICENSE("GPL");
