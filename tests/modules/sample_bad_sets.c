// SPDX-License-Identifier: GPL-2.0
/*
 * Kfunc sets that register_btf_kfunc_id_set() must refuse.
 *
 * Each value of the "bad" parameter makes the module's init attempt one
 * refused registration; insmod then fails with the error, and the kernel
 * log names what is wrong:
 *
 *   stable_deprecated  a kfunc claiming KF_STABLE and KF_DEPRECATED at once
 *   other_tier         a deprecated kfunc registered again as a tombstone,
 *                      for another program type
 *   bogus_id           a set holding an id that is no type of the BTF
 *   zero_id            a set holding id 0, as resolve_btfids leaves an
 *                      unresolved symbol
 *   not_func           a set holding the id of a struct
 *
 * The last three are refused as they were before the tiers, without a
 * kernel log line: the series must keep that.
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>
#include <linux/string.h>

#include "compat.h"

static char *bad = "";
module_param(bad, charp, 0444);
MODULE_PARM_DESC(bad, "which refused registration to attempt");

/* A type of the module's own BTF that is no function */
struct bpf_bad_sets_type {
	u32 value;
};

__bpf_kfunc_start_defs();

/**
 * bpf_bad_sets_inc() - Return a number plus one.
 * @a: the number
 *
 * Tier: whatever the set being tried gives it.
 *
 * Return: @a + 1.
 */
__bpf_kfunc u32 bpf_bad_sets_inc(u32 a)
{
	struct bpf_bad_sets_type t = { .value = a };

	/* Keeps the struct in the module's BTF */
	return t.value + 1;
}

/* Its record, for the sets that make it deprecated or a tombstone */
BTF_KFUNC_LIFECYCLE(bpf_bad_sets_inc, "6.1", "6.3", "bpf_sample_sum");

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(stable_deprecated_ids)
BTF_ID_FLAGS(func, bpf_bad_sets_inc, KF_STABLE | KF_DEPRECATED)
BTF_KFUNCS_END(stable_deprecated_ids)

BTF_KFUNCS_START(deprecated_ids)
BTF_ID_FLAGS(func, bpf_bad_sets_inc, KF_DEPRECATED)
BTF_KFUNCS_END(deprecated_ids)

BTF_KFUNCS_START(removed_ids)
BTF_ID_FLAGS(func, bpf_bad_sets_inc, KF_REMOVED)
BTF_KFUNCS_END(removed_ids)

/* Far beyond the number of types of any BTF */
static struct btf_id_set8 bogus_ids = {
	.cnt = 1,
	.flags = BTF_SET8_KFUNCS,
	.pairs = { { .id = 0x7fffffff } },
};

static struct btf_id_set8 zero_ids = {
	.cnt = 1,
	.flags = BTF_SET8_KFUNCS,
	.pairs = { { .id = 0 } },
};

BTF_KFUNCS_START(not_func_ids)
BTF_ID_FLAGS(struct, bpf_bad_sets_type)
BTF_KFUNCS_END(not_func_ids)

static int register_two(const struct btf_kfunc_id_set *first,
			const struct btf_kfunc_id_set *second)
{
	int ret = register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, first);

	return ret ?: register_btf_kfunc_id_set(BPF_PROG_TYPE_TRACING, second);
}

static int __init sample_bad_sets_init(void)
{
	struct btf_kfunc_id_set kset = { .owner = THIS_MODULE };
	struct btf_kfunc_id_set again = { .owner = THIS_MODULE };

	if (!strcmp(bad, "stable_deprecated")) {
		kset.set = &stable_deprecated_ids;
	} else if (!strcmp(bad, "other_tier")) {
		kset.set = &deprecated_ids;
		again.set = &removed_ids;
		return register_two(&kset, &again);
	} else if (!strcmp(bad, "bogus_id")) {
		kset.set = &bogus_ids;
	} else if (!strcmp(bad, "zero_id")) {
		kset.set = &zero_ids;
	} else if (!strcmp(bad, "not_func")) {
		kset.set = &not_func_ids;
	} else {
		pr_err("sample_bad_sets: unknown bad=%s\n", bad);
		return -EINVAL;
	}
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &kset);
}

static void __exit sample_bad_sets_exit(void)
{
}

module_init(sample_bad_sets_init);
module_exit(sample_bad_sets_exit);

MODULE_DESCRIPTION("Kfunc sets the registration must refuse (must fail)");
MODULE_LICENSE("GPL");
