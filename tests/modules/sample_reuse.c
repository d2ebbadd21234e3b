// SPDX-License-Identifier: GPL-2.0
/*
 * A module that tries to reuse the name of a removed kfunc.
 *
 * sample_kfuncs.ko keeps a tombstone for bpf_sample_legacy_mul.  While that
 * tombstone is registered, no one may register a live kfunc of the same
 * name: old programs calling it must keep being rejected with the removal
 * record, not silently reach a new function with other semantics.  So,
 * with sample_kfuncs.ko loaded, register_btf_kfunc_id_set() fails with
 * -EEXIST, naming both owners, and insmod of this module fails.
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>

#include "compat.h"

__bpf_kfunc_start_defs();

/**
 * bpf_sample_legacy_mul() - Multiply two numbers, under a tombstoned name.
 * @a: first factor
 * @b: second factor
 *
 * Tier: unstable.  The registration of this kfunc is refused while the
 * tombstone of the same name is registered.
 *
 * Return: @a * @b.
 */
__bpf_kfunc u32 bpf_sample_legacy_mul(u32 a, u32 b)
{
	return a * b;
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(sample_reuse_kfunc_ids)
BTF_ID_FLAGS(func, bpf_sample_legacy_mul)
BTF_KFUNCS_END(sample_reuse_kfunc_ids)

static const struct btf_kfunc_id_set sample_reuse_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &sample_reuse_kfunc_ids,
};

static int __init sample_reuse_init(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL,
					 &sample_reuse_kfunc_set);
}

static void __exit sample_reuse_exit(void)
{
}

module_init(sample_reuse_init);
module_exit(sample_reuse_exit);

MODULE_DESCRIPTION("Registers a kfunc under a tombstoned name (must fail)");
MODULE_LICENSE("GPL");
