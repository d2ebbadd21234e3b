// SPDX-License-Identifier: GPL-2.0
/*
 * Kfunc calls on speculative paths. For a loader without CAP_PERFMON the
 * verifier also walks the branch that a test of a known value never takes,
 * as the CPU may speculate into it; as root it does not. Calls there are
 * checked as calls, but never made, and no tier applies to them: under
 * __caps(CAP_BPF) each program loads as it does as root, unwarned and
 * uncounted (tests/guest/subprog-counts.t.sh checks the counters).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls deprecated and removed kfuncs on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
#define KFUNCS_ALLOW_REMOVED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

/* Frozen by libbpf: the verifier knows it is 0, a version check's shape */
const volatile int use_old_kfunc;

static __always_inline __u32 sum_old_or_new(__u32 a, __u32 b)
{
	if (use_old_kfunc)
		return bpf_sample_sum32(a, b);
	return bpf_sample_sum(a, b);
}

SEC("syscall")
__caps(CAP_BPF)
__success __retval(7)
__not_msg("deprecated") __not_dmesg("deprecated")
int spec_deprecated(void *ctx)
{
	return sum_old_or_new(3, 4);
}

SEC("syscall")
__layer(policy)
__caps(CAP_BPF)
__sysctl("kernel.bpf_kfunc_deprecation=2")
__success __retval(7)
__not_msg("deprecated")
int spec_deprecated_deny(void *ctx)
{
	return sum_old_or_new(3, 4);
}

SEC("syscall")
__layer(flag)
__caps(CAP_BPF)
__flag(BPF_F_DENY_DEPRECATED_KFUNCS)
__success __retval(7)
__not_msg("deprecated")
int spec_deprecated_flag(void *ctx)
{
	return sum_old_or_new(3, 4);
}

/* 2 * 31 + 3 */
SEC("syscall")
__caps(CAP_BPF)
__success __retval(65)
__not_msg("was removed")
int spec_removed(void *ctx)
{
	if (use_old_kfunc)
		return bpf_sample_legacy_mul(2, 3);
	return bpf_sample_mix(2, 3);
}

/*
 * What shows the verifier walks the speculative path at all: a call there
 * is still checked as a call, and a number passed for a kfunc's pointer
 * rejects the program. The same program loads as root.
 */
SEC("syscall")
__caps(CAP_BPF)
__failure __msg("R1 type=scalar expected=fp")
int spec_bad_arg(void *ctx)
{
	if (use_old_kfunc)
		return bpf_sample_obj_value((struct bpf_sample_obj *)(long)bpf_sample_sum(1, 2));
	return 0;
}

SEC("syscall")
__success __retval(0)
int spec_bad_arg_root(void *ctx)
{
	if (use_old_kfunc)
		return bpf_sample_obj_value((struct bpf_sample_obj *)(long)bpf_sample_sum(1, 2));
	return 0;
}

/*
 * Global functions that only a speculative path calls. 6.1 verifies every
 * global function as one that may run, called or not: the tiers apply to
 * its calls for root and CAP_BPF alike. 6.12 verifies one only once a path
 * it walks calls it, a speculative path too; the tiers then apply only if a
 * path that runs calls it.
 */
__noinline int old_mul(int x)
{
	return bpf_sample_legacy_mul(x, 3);
}

__noinline int old_sum(int x)
{
	return bpf_sample_sum32(x, 4);
}

SEC("syscall")
__caps(CAP_BPF)
#if KVER_NUM >= 612
__success __retval(65) __not_msg("was removed")
#else
__failure __msg("kfunc bpf_sample_legacy_mul was removed in 6.1")
#endif
int spec_global_removed(void *ctx)
{
	if (use_old_kfunc)
		return old_mul(2);
	return bpf_sample_mix(2, 3);
}

SEC("syscall")
__layer(policy)
__caps(CAP_BPF)
__sysctl("kernel.bpf_kfunc_deprecation=2")
#if KVER_NUM >= 612
__success __retval(7) __not_msg("deprecated")
#else
__failure __msg("kfunc bpf_sample_sum32 is deprecated and denied")
#endif
int spec_global_deprecated(void *ctx)
{
	if (use_old_kfunc)
		return old_sum(3);
	return bpf_sample_sum(3, 4);
}
