// SPDX-License-Identifier: GPL-2.0
/* For kfunctool audit: an object that calls a removed kfunc. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a removed kfunc on purpose: the verifier must reject it */
#define KFUNCS_ALLOW_REMOVED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("syscall")
__failure
__msg("kfunc bpf_sample_legacy_mul was removed in 6.1, replacement: bpf_sample_mix")
int calls_removed(void *ctx)
{
	return bpf_sample_legacy_mul(6, 7);
}

SEC("syscall")
__success __retval(42)
int calls_stable(void *ctx)
{
	return bpf_sample_sum(40, 2);
}
