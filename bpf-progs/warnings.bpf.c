// SPDX-License-Identifier: GPL-2.0
/*
 * Programs for the kernel-log warning's deduplication
 * (tests/guest/deprecation-warnings.t.sh loads them in a loop): two that
 * alternate, one calling two deprecated kfuncs, one loaded last, and a
 * burst of twelve.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a deprecated kfunc on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("syscall")
__success __retval(5)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1")
int warn_a(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

SEC("syscall")
__success __retval(7)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1")
int warn_b(void *ctx)
{
	return bpf_sample_sum32(3, 4);
}

/* Both kfuncs are named, in either order: one warning does not hide the other,
 * whatever earlier loads of this boot left
 */
SEC("syscall")
__success __retval(70)
__msg("kfunc bpf_sample_mix8 is deprecated since 6.1, removal planned for 6.6, replacement: bpf_sample_mix")
__fresh_warnings
__dmesg_count(2, 2, "prog warn_two (comm kt-fresh-")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_sum32,")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_mix8,")
int warn_two(void *ctx)
{
	return bpf_sample_sum32(2, 3) + bpf_sample_mix8(2, 3);	/* 5 + 65 */
}

SEC("syscall")
__success __retval(9)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1")
int warn_new(void *ctx)
{
	return bpf_sample_sum32(4, 5);
}

/* Twelve programs of their own names, which one process loads in a row:
 * more new warnings than the printk ratelimit's burst (10) within its 5 s
 * even in a slow guest, where twelve processes would take longer than that
 */
#define WARN_BURST(n)					\
SEC("syscall")						\
__success __retval(n)					\
int warn_burst##n(void *ctx)				\
{							\
	return bpf_sample_sum32(n, 0);			\
}

WARN_BURST(1)
WARN_BURST(2)
WARN_BURST(3)
WARN_BURST(4)
WARN_BURST(5)
WARN_BURST(6)
WARN_BURST(7)
WARN_BURST(8)
WARN_BURST(9)
WARN_BURST(10)
WARN_BURST(11)
WARN_BURST(12)
