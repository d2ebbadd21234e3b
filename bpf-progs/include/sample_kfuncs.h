/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfuncs of sample_kfuncs.ko (module/sample_kfuncs.c), as a BPF
 * program sees them. They live in the module's BTF, not in vmlinux.h:
 * kfuncs.h declares them from there (kfunctool gen-header), each with its
 * tier, so that the compiler warns about a call to a deprecated kfunc
 * and refuses one to a removed kfunc. A program that calls one on
 * purpose, to test the verifier, says so before including this file:
 *
 *	#define KFUNCS_ALLOW_DEPRECATED		calls a deprecated kfunc
 *	#define KFUNCS_ALLOW_REMOVED		calls a removed kfunc
 */
#ifndef __SAMPLE_KFUNCS_H__
#define __SAMPLE_KFUNCS_H__

#include "kfuncs.h"

/* Values of the module's objects, by index (see sample_objs[]). */
#define SAMPLE_OBJ0_VALUE	100
#define SAMPLE_OBJ1_VALUE	200
#define SAMPLE_OBJ2_VALUE	300
#define SAMPLE_NR_OBJS		3

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
