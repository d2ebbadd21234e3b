// SPDX-License-Identifier: GPL-2.0
/*
 * One kfunc of each tier called from a syscall program, loaded and run
 * with BPF_PROG_TEST_RUN.
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

/* unstable: loads, no warning anywhere */
SEC("syscall")
__success __retval(97)
__not_msg("deprecated") __not_dmesg("deprecated")
int unstable_mix(void *ctx)
{
	return bpf_sample_mix(3, 4);		/* 3 * 31 + 4 */
}

/* stable: loads, no warning anywhere */
SEC("syscall")
__success __retval(42)
__not_msg("deprecated") __not_dmesg("deprecated")
int stable_sum(void *ctx)
{
	return bpf_sample_sum(40, 2);
}

/* stable acquire/value/release: loads, no warning anywhere */
SEC("syscall")
__success __retval(200)
__not_msg("deprecated") __not_dmesg("deprecated")
int stable_obj(void *ctx)
{
	return sample_obj_value(1);
}

/* deprecated, warn mode: loads, and the verifier log says so */
SEC("syscall")
__success __retval(1)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
int deprecated_sum32(void *ctx)
{
	return bpf_sample_sum32(0xffffffff, 2);	/* wraps: why it is deprecated */
}

/* removed: the verifier rejects the call */
SEC("syscall")
__failure
__msg("kfunc bpf_sample_legacy_mul was removed in 6.1, replacement: bpf_sample_mix")
int removed_legacy_mul(void *ctx)
{
	return bpf_sample_legacy_mul(6, 7);
}
