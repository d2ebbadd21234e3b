// SPDX-License-Identifier: GPL-2.0
/*
 * A module with a deprecated kfunc but no lifecycle record.
 *
 * A deprecation is only useful if callers learn what replaces the kfunc
 * and when it goes.  register_btf_kfunc_id_set() therefore refuses a set
 * with a KF_DEPRECATED kfunc that has no record, with -EINVAL and a kernel
 * log line naming the kfunc, and insmod of this module fails.
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>

#include "compat.h"

__bpf_kfunc_start_defs();

/**
 * bpf_sample_no_record() - Return a number plus one.
 * @a: the number
 *
 * Tier: deprecated (KF_DEPRECATED), deliberately without a lifecycle
 * record, so its registration is refused.
 *
 * Return: @a + 1.
 */
__bpf_kfunc u32 bpf_sample_no_record(u32 a)
{
	return a + 1;
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(sample_bad_record_kfunc_ids)
BTF_ID_FLAGS(func, bpf_sample_no_record, KF_DEPRECATED)
BTF_KFUNCS_END(sample_bad_record_kfunc_ids)

static const struct btf_kfunc_id_set sample_bad_record_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &sample_bad_record_kfunc_ids,
	/* .lifecycle missing: bpf_sample_no_record has no record */
};

static int __init sample_bad_record_init(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL,
					 &sample_bad_record_kfunc_set);
}

static void __exit sample_bad_record_exit(void)
{
}

module_init(sample_bad_record_init);
module_exit(sample_bad_record_exit);

MODULE_DESCRIPTION("Deprecated kfunc without lifecycle record (must fail)");
MODULE_LICENSE("GPL");
