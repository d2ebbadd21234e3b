// SPDX-License-Identifier: GPL-2.0
/*
 * A deprecated kfunc under each value of kernel.bpf_kfunc_deprecation
 * (0 allow silently, 1 warn, 2 deny), and stable, unstable and removed
 * kfuncs, which the policy never affects.
 *
 * The kernel-log warning is ratelimited: deprecated_warn, the first
 * program here that warns, must come before deprecated_repeat.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a deprecated kfunc on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
/* Calls a removed kfunc on purpose: the verifier must reject it */
#define KFUNCS_ALLOW_REMOVED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

/* 0: loads, and nothing in either log */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=0")
__success __retval(5)
__not_msg("deprecated") __not_dmesg("deprecated")
int deprecated_allow(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* 1: loads, with a line in the verifier log and one in the kernel log */
SEC("syscall")
__success __retval(5)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
__dmesg("calls deprecated kfunc bpf_sample_sum32, replacement: bpf_sample_sum")
int deprecated_warn(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* 2: rejected, and the verifier log says why */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=2")
__failure
__msg("kfunc bpf_sample_sum32 is deprecated and denied by kernel.bpf_kfunc_deprecation=2, replacement: bpf_sample_sum")
int deprecated_deny(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* 1000 loads: the verifier log warns every time, the kernel log once a
 * minute at most (a debug kernel on a busy host takes minutes for them)
 */
SEC("syscall")
__repeat(1000)
__success __retval(5)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
__dmesg_per_minute("calls deprecated kfunc bpf_sample_sum32")
int deprecated_repeat(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* deny does not touch stable kfuncs */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=2")
__success __retval(5)
__not_msg("deprecated") __not_dmesg("deprecated")
int stable_under_deny(void *ctx)
{
	return bpf_sample_sum(2, 3);
}

/* nor unstable ones */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=2")
__success __retval(65)
__not_msg("deprecated") __not_dmesg("deprecated")
int unstable_under_deny(void *ctx)
{
	return bpf_sample_mix(2, 3);		/* 2 * 31 + 3 */
}

/* allow does not bring a removed kfunc back */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=0")
__failure
__msg("kfunc bpf_sample_legacy_mul was removed in 6.1, replacement: bpf_sample_mix")
int removed_under_allow(void *ctx)
{
	return bpf_sample_legacy_mul(2, 3);
}

/*
 * A log buffer with just room for what a kernel without tiers prints: the
 * deprecation line does not fit, so it is left out, and the load still
 * succeeds (no -ENOSPC). log_level 2, as the kernel wants 128 bytes at least.
 */
SEC("syscall")
__log_level(2) __tight_log
__success __retval(5)
__msg("processed") __not_msg("is deprecated since")
int deprecated_tight_log(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}
