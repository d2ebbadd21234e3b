// SPDX-License-Identifier: GPL-2.0
/*
 * Deprecated kfunc calls outside the main program: in a static subprogram,
 * a global function and a bpf_loop() callback. Each warns in the verifier
 * log and the kernel log like a call in the main program, once per program
 * however many calls it makes. A call in a branch the verifier found dead is
 * never made, and is neither warned about nor counted.
 * tests/guest/subprog-counts.t.sh checks the listing's counters for them.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a deprecated kfunc on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

/* Frozen by libbpf: the verifier knows it is 0 */
const volatile int use_old_kfunc;

static __noinline __u32 old_sum_static(__u32 a, __u32 b)
{
	return bpf_sample_sum32(a, b);
}

__noinline __u32 old_sum_global(__u32 a, __u32 b)
{
	return bpf_sample_sum32(a, b);
}

static int old_sum_cb(__u32 i, void *ctx)
{
	*(__u32 *)ctx += bpf_sample_sum32(i, 1);
	return 0;
}

SEC("syscall")
__success __retval(5)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
__dmesg("prog sub_static (comm kfunctool pid")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_sum32,")
int sub_static(void *ctx)
{
	return old_sum_static(2, 3);
}

SEC("syscall")
__success __retval(7)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
__dmesg("prog sub_global (comm kfunctool pid")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_sum32,")
int sub_global(void *ctx)
{
	return old_sum_global(3, 4);
}

/* (0 + 1) + (1 + 1) + (2 + 1) */
SEC("syscall")
__success __retval(6)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
__dmesg("prog sub_loop_cb (comm kfunctool pid")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_sum32,")
int sub_loop_cb(void *ctx)
{
	__u32 sum = 0;

	bpf_loop(3, old_sum_cb, &sum, 0);
	return sum;
}

/* Calls in the main program and two subprograms: one line in each log */
SEC("syscall")
__success __retval(17)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1")
__dmesg_count(1, 1, "calls deprecated kfunc bpf_sample_sum32,")
int sub_many(void *ctx)
{
	return bpf_sample_sum32(1, 2) + old_sum_static(2, 3) + old_sum_global(4, 5);
}

/* Under "deny" a call in a subprogram is rejected like one in the main program */
SEC("syscall")
__layer(policy)
__sysctl("kernel.bpf_kfunc_deprecation=2")
__failure
__msg("kfunc bpf_sample_sum32 is deprecated and denied by kernel.bpf_kfunc_deprecation=2, replacement: bpf_sample_sum")
int sub_deny(void *ctx)
{
	return old_sum_static(2, 3);
}

/* A dead branch: the call is never made, so nothing is said */
SEC("syscall")
__success __retval(7)
__not_msg("deprecated") __not_dmesg("deprecated")
int dead_branch(void *ctx)
{
	if (use_old_kfunc)
		return bpf_sample_sum32(3, 4);
	return bpf_sample_sum(3, 4);
}
