// SPDX-License-Identifier: GPL-2.0
/*
 * The stable acquire/release pair keeps the verifier's reference rules:
 * KF_STABLE changes nothing about KF_ACQUIRE, KF_RET_NULL, KF_RELEASE and
 * KF_TRUSTED_ARGS.  The messages are the 6.1 verifier's own.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

/* acquire, test for NULL, release (sample_obj_value()): accepted */
SEC("syscall")
__success __retval(300)
int acquire_release(void *ctx)
{
	return sample_obj_value(2);
}

/* KF_RET_NULL for real: there is no object 3 */
SEC("syscall")
__success __retval(2)
int acquire_null(void *ctx)
{
	struct bpf_sample_obj *obj;

	obj = bpf_sample_obj_acquire(SAMPLE_NR_OBJS);
	if (!obj)
		return 2;
	bpf_sample_obj_release(obj);
	return 1;
}

/* acquire without release: the reference leaks, rejected */
SEC("syscall")
__failure __msg("Unreleased reference id=")
int acquire_no_release(void *ctx)
{
	struct bpf_sample_obj *obj;

	obj = bpf_sample_obj_acquire(0);
	if (!obj)
		return 0;
	return bpf_sample_obj_value(obj);
}

/* the result of acquire used before the NULL test: rejected */
SEC("syscall")
__failure
#if KVER_NUM >= 612
__msg("Possibly NULL pointer passed to trusted arg0")
#else
__msg("R1 type=ptr_ expected=fp")
#endif
int acquire_no_null_check(void *ctx)
{
	struct bpf_sample_obj *obj;
	__u32 value;

	obj = bpf_sample_obj_acquire(0);
	value = bpf_sample_obj_value(obj);
	if (obj)
		bpf_sample_obj_release(obj);
	return value;
}

/* release of a pointer that was never acquired (an object on the stack) */
SEC("syscall")
__failure
__msg("release kernel function bpf_sample_obj_release expects refcounted PTR_TO_BTF_ID")
int release_unacquired(void *ctx)
{
	struct bpf_sample_obj fake = {};

	bpf_sample_obj_release(&fake);
	return 0;
}

/*
 * Release of a pointer the program got from elsewhere: the argument of a
 * traced function is a struct bpf_sample_obj *, but not a reference the
 * program holds.  Loaded only, never attached.
 */
SEC("fentry/bpf_sample_obj_value")
__failure
#if KVER_NUM >= 612
__msg("R1 must be referenced or trusted")
#else
__msg("release kernel function bpf_sample_obj_release expects refcounted PTR_TO_BTF_ID")
#endif
int release_traced_arg(__u64 *ctx)
{
	struct bpf_sample_obj *obj = (void *)ctx[0];

	bpf_sample_obj_release(obj);
	return 0;
}

/* KF_TRUSTED_ARGS: bpf_sample_obj_value() wants a referenced pointer */
SEC("fentry/bpf_sample_obj_value")
__failure __msg("R1 must be referenced")
int value_traced_arg(__u64 *ctx)
{
	struct bpf_sample_obj *obj = (void *)ctx[0];

	return bpf_sample_obj_value(obj);
}

/* use after release: the pointer is no longer a pointer */
SEC("syscall")
__failure __msg("R1 type=scalar expected=fp")
int use_after_release(void *ctx)
{
	struct bpf_sample_obj *obj;

	obj = bpf_sample_obj_acquire(0);
	if (!obj)
		return 0;
	bpf_sample_obj_release(obj);
	return bpf_sample_obj_value(obj);
}
