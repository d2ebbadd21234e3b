// SPDX-License-Identifier: GPL-2.0
/*
 * Sample kfuncs, one or more of each stability tier.
 *
 * This is the module to copy when giving your own kfuncs a tier:
 *
 *   unstable    no tier flag: may change or go away in any release
 *   stable      KF_STABLE: signature and behaviour are kept
 *   deprecated  KF_DEPRECATED plus a lifecycle record (since when, planned
 *               removal, replacement): callers still load, with a warning
 *   removed     KF_REMOVED plus a lifecycle record: a tombstone that keeps
 *               the name reserved; the verifier rejects every call
 *
 * A record sits beside its kfunc, BTF_KFUNC_LIFECYCLE(); the build writes
 * it into the module's BTF, where the kernel, bpftool and libbpf read it.
 *
 * Tier flags combine with the other KF_* flags, see the acquire/release
 * pair below.  All kfuncs here may be called from BPF_PROG_TYPE_SYSCALL
 * and BPF_PROG_TYPE_TRACING programs.
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/module.h>
#include <linux/nospec.h>
#include <linux/refcount.h>

#include "compat.h"

/**
 * struct bpf_sample_obj - A small refcounted object owned by this module.
 * @ref: references; the module holds one for as long as it is loaded
 * @value: what bpf_sample_obj_value() reports
 */
struct bpf_sample_obj {
	refcount_t ref;
	u32 value;
};

/*
 * The objects bpf_sample_obj_acquire() hands out, by index.  A program's
 * reference comes on top of the module's own and must be dropped with
 * bpf_sample_obj_release() before the program returns: the verifier
 * rejects a program that could leak one.
 */
static struct bpf_sample_obj sample_objs[] = {
	{ .ref = REFCOUNT_INIT(1), .value = 100 },
	{ .ref = REFCOUNT_INIT(1), .value = 200 },
	{ .ref = REFCOUNT_INIT(1), .value = 300 },
};

__bpf_kfunc_start_defs();

/**
 * bpf_sample_mix() - Mix two numbers into one.
 * @a: first number
 * @b: second number
 *
 * Tier: unstable (no tier flag).  The mixing function is an implementation
 * detail that may be replaced by a better one in any release, so no
 * promise is made to callers.
 *
 * Return: @a * 31 + @b, in 32 bits.
 */
__bpf_kfunc u32 bpf_sample_mix(u32 a, u32 b)
{
	return a * 31 + b;
}

/**
 * bpf_sample_sum() - Add two numbers.
 * @a: first addend
 * @b: second addend
 *
 * Tier: stable (KF_STABLE).  Its signature and result are part of the
 * module's interface and are kept; it replaces bpf_sample_sum32().
 *
 * Return: @a + @b, in 64 bits.
 */
__bpf_kfunc u64 bpf_sample_sum(u64 a, u64 b)
{
	return a + b;
}

/**
 * bpf_sample_obj_acquire() - Take a reference on one of the module's objects.
 * @id: index of the object, 0 to 2
 *
 * Tier: stable (KF_STABLE), an acquire function (KF_ACQUIRE) that may
 * return NULL (KF_RET_NULL): the program must test the result and hand
 * every object it got to bpf_sample_obj_release().
 *
 * Return: the object with a reference held, or NULL if @id is out of range.
 */
__bpf_kfunc struct bpf_sample_obj *bpf_sample_obj_acquire(u32 id)
{
	struct bpf_sample_obj *obj;

	if (id >= ARRAY_SIZE(sample_objs))
		return NULL;
	/* @id comes from a program: no speculative access past the array. */
	obj = &sample_objs[array_index_nospec(id, ARRAY_SIZE(sample_objs))];
	refcount_inc(&obj->ref);
	return obj;
}

/**
 * bpf_sample_obj_release() - Drop a reference taken by bpf_sample_obj_acquire().
 * @obj: the object
 *
 * Tier: stable (KF_STABLE), a release function (KF_RELEASE): the verifier
 * only accepts a pointer the program acquired and has not released yet.
 * The module's own reference keeps the count above zero.
 */
__bpf_kfunc void bpf_sample_obj_release(struct bpf_sample_obj *obj)
{
	refcount_dec(&obj->ref);
}

/**
 * bpf_sample_obj_value() - Read the value of an object.
 * @obj: an object the program holds a reference on
 *
 * Tier: stable (KF_STABLE).  KF_TRUSTED_ARGS makes the verifier insist
 * that @obj is a referenced pointer, i.e. one from bpf_sample_obj_acquire().
 *
 * Return: the object's value.
 */
__bpf_kfunc u32 bpf_sample_obj_value(struct bpf_sample_obj *obj)
{
	return obj->value;
}

/**
 * bpf_sample_sum32() - Add two numbers in 32 bits.
 * @a: first addend
 * @b: second addend
 *
 * Tier: deprecated since 6.1 (KF_DEPRECATED), removal planned for 6.4.
 * A sum of 2^32 or more wraps around; use bpf_sample_sum(), which adds in
 * 64 bits.  Until the removal, programs that call it still load, with a
 * warning, unless kernel.bpf_kfunc_deprecation=2.
 *
 * Return: @a + @b, modulo 2^32.
 */
__bpf_kfunc u32 bpf_sample_sum32(u32 a, u32 b)
{
	return a + b;
}

/* kfunc, deprecated since, removal planned, replacement */
BTF_KFUNC_LIFECYCLE(bpf_sample_sum32, "6.1", "6.4", "bpf_sample_sum");

/**
 * bpf_sample_mix8() - Combine two numbers, keeping 8 bits of the result.
 * @a: first number
 * @b: second number
 *
 * Tier: deprecated since 6.1 (KF_DEPRECATED), removal planned for 6.6.
 * It is bpf_sample_mix() truncated to 8 bits, which loses most of the
 * mixing; use bpf_sample_mix().
 *
 * Return: (@a * 31 + @b) modulo 256.
 */
__bpf_kfunc u8 bpf_sample_mix8(u32 a, u32 b)
{
	return a * 31 + b;
}

BTF_KFUNC_LIFECYCLE(bpf_sample_mix8, "6.1", "6.6", "bpf_sample_mix");

/**
 * bpf_sample_legacy_mul() - Tombstone of a kfunc removed in 6.1.
 * @a: first number
 * @b: second number
 *
 * Tier: removed (KF_REMOVED).  It combined two numbers by multiplying
 * them, which maps every pair with a zero to the same result;
 * bpf_sample_mix() replaces it.  The tombstone keeps the name reserved and
 * the last prototype in BTF, so a program built against it still reaches
 * the verifier, which rejects it with the removal record.
 *
 * Return: never called; the body only keeps the symbol.
 */
__bpf_kfunc u32 bpf_sample_legacy_mul(u32 a, u32 b)
{
	return 0;
}

/* kfunc, deprecated since, removed in, replacement */
BTF_KFUNC_LIFECYCLE(bpf_sample_legacy_mul, "5.19", "6.1", "bpf_sample_mix");

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(sample_kfunc_ids)
BTF_ID_FLAGS(func, bpf_sample_mix)
BTF_ID_FLAGS(func, bpf_sample_sum, KF_STABLE)
BTF_ID_FLAGS(func, bpf_sample_obj_acquire, KF_STABLE | KF_ACQUIRE | KF_RET_NULL)
BTF_ID_FLAGS(func, bpf_sample_obj_release, KF_STABLE | KF_RELEASE)
BTF_ID_FLAGS(func, bpf_sample_obj_value, KF_STABLE | KF_TRUSTED_ARGS)
BTF_ID_FLAGS(func, bpf_sample_sum32, KF_DEPRECATED)
BTF_ID_FLAGS(func, bpf_sample_mix8, KF_DEPRECATED)
BTF_ID_FLAGS(func, bpf_sample_legacy_mul, KF_REMOVED)
BTF_KFUNCS_END(sample_kfunc_ids)

static const struct btf_kfunc_id_set sample_kfunc_set = {
	.owner = THIS_MODULE,
	.set = &sample_kfunc_ids,
};

static int __init sample_kfuncs_init(void)
{
	int ret;

	/*
	 * The same set, once per program type allowed to call it.  Nothing
	 * needs undoing if the second call fails: a module's kfunc sets live
	 * in the module's BTF, which goes away when init fails.
	 */
	ret = register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &sample_kfunc_set);
	if (ret)
		return ret;
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_TRACING, &sample_kfunc_set);
}

static void __exit sample_kfuncs_exit(void)
{
	/*
	 * Nothing to unregister (see init), and no object can still be
	 * held: a loaded program that calls these kfuncs keeps the module
	 * loaded, and it releases every object before it returns.
	 */
}

module_init(sample_kfuncs_init);
module_exit(sample_kfuncs_exit);

MODULE_DESCRIPTION("Sample kfuncs of every stability tier");
MODULE_LICENSE("GPL");
