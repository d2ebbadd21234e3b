// SPDX-License-Identifier: GPL-2.0
/*
 * One kfunc of each tier called from tracing programs (fentry and
 * tp_btf), attached and triggered by a write(2).  Every write computes the
 * same result, so it does not matter whose write triggers the program.
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

__u64 mix_result;
__u64 sum_result;
__u64 obj_result;
__u64 sum32_result;
__u64 legacy_mul_result;

/* unstable: loads, no warning anywhere */
SEC("fentry/ksys_write")
__success __trigger("write") __result_var(mix_result) __retval(97)
__not_msg("deprecated") __not_dmesg("deprecated")
int unstable_mix(void *ctx)
{
	mix_result = bpf_sample_mix(3, 4);	/* 3 * 31 + 4 */
	return 0;
}

/* stable: loads, no warning anywhere; adds in 64 bits */
SEC("fentry/ksys_write")
__success __trigger("write") __result_var(sum_result) __retval(4294967297)
__not_msg("deprecated") __not_dmesg("deprecated")
int stable_sum(void *ctx)
{
	sum_result = bpf_sample_sum(0xffffffff, 2);
	return 0;
}

/* stable acquire/value/release, from a BTF tracepoint */
SEC("tp_btf/sys_enter")
__success __trigger("write") __result_var(obj_result) __retval(300)
__not_msg("deprecated") __not_dmesg("deprecated")
int stable_obj(void *ctx)
{
	obj_result = sample_obj_value(2);
	return 0;
}

/* deprecated, warn mode: loads with the warning; the same sum wraps */
SEC("fentry/ksys_write")
__success __trigger("write") __result_var(sum32_result) __retval(1)
__msg("kfunc bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum")
int deprecated_sum32(void *ctx)
{
	sum32_result = bpf_sample_sum32(0xffffffff, 2);
	return 0;
}

/* removed: the verifier rejects the call, nothing is attached */
SEC("fentry/ksys_write")
__failure
__msg("kfunc bpf_sample_legacy_mul was removed in 6.1, replacement: bpf_sample_mix")
int removed_legacy_mul(void *ctx)
{
	legacy_mul_result = bpf_sample_legacy_mul(6, 7);
	return 0;
}
