/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfuncs of sample_kfuncs.ko (module/sample_kfuncs.c), as a BPF
 * program sees them.  They live in the module's BTF, not in vmlinux.h.
 */
#ifndef __SAMPLE_KFUNCS_H__
#define __SAMPLE_KFUNCS_H__

/* As module/sample_kfuncs.c defines it. */
struct bpf_sample_obj {
	refcount_t ref;
	__u32 value;
};

/* Values of the module's objects, by index (see sample_objs[]). */
#define SAMPLE_OBJ0_VALUE	100
#define SAMPLE_OBJ1_VALUE	200
#define SAMPLE_OBJ2_VALUE	300
#define SAMPLE_NR_OBJS		3

/* unstable */
extern __u32 bpf_sample_mix(__u32 a, __u32 b) __ksym;		/* a * 31 + b */

/* stable */
extern __u64 bpf_sample_sum(__u64 a, __u64 b) __ksym;		/* a + b */
extern struct bpf_sample_obj *bpf_sample_obj_acquire(__u32 id) __ksym;
extern void bpf_sample_obj_release(struct bpf_sample_obj *obj) __ksym;
extern __u32 bpf_sample_obj_value(struct bpf_sample_obj *obj) __ksym;

/* deprecated since 6.1, removal planned for 6.4, replacement bpf_sample_sum */
extern __u32 bpf_sample_sum32(__u32 a, __u32 b) __ksym;

/* deprecated since 6.1, removal planned for 6.6, replacement bpf_sample_mix */
extern __u8 bpf_sample_mix8(__u32 a, __u32 b) __ksym;

/* removed in 6.1 (tombstone), replacement bpf_sample_mix */
extern __u32 bpf_sample_legacy_mul(__u32 a, __u32 b) __ksym;

/*
 * The stable acquire/release pair as a program uses it: the value of
 * object @id, or 0 when there is none. Always inlined, so the calling
 * program itself makes the three kfunc calls and is verified for them.
 */
static __always_inline __u32 sample_obj_value(__u32 id)
{
	struct bpf_sample_obj *obj;
	__u32 value;

	obj = bpf_sample_obj_acquire(id);
	if (!obj)
		return 0;
	value = bpf_sample_obj_value(obj);
	bpf_sample_obj_release(obj);
	return value;
}

#endif /* __SAMPLE_KFUNCS_H__ */
