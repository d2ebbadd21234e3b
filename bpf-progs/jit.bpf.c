// SPDX-License-Identifier: GPL-2.0
/*
 * kfuncs need the JIT: with net.core.bpf_jit_enable=0 the 6.1 verifier
 * rejects a call to any kfunc, whatever its tier.
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

SEC("syscall")
__sysctl("net.core.bpf_jit_enable=0")
__failure __msg("JIT is required for calling kernel function")
int nojit_unstable(void *ctx)
{
	return bpf_sample_mix(3, 4);
}

SEC("syscall")
__sysctl("net.core.bpf_jit_enable=0")
__failure __msg("JIT is required for calling kernel function")
int nojit_stable(void *ctx)
{
	return bpf_sample_sum(40, 2);
}

SEC("syscall")
__sysctl("net.core.bpf_jit_enable=0")
__failure __msg("JIT is required for calling kernel function")
int nojit_stable_obj(void *ctx)
{
	return sample_obj_value(0);
}

SEC("syscall")
__sysctl("net.core.bpf_jit_enable=0")
__failure __msg("JIT is required for calling kernel function")
int nojit_deprecated(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

SEC("syscall")
__sysctl("net.core.bpf_jit_enable=0")
__failure __msg("JIT is required for calling kernel function")
int nojit_removed(void *ctx)
{
	return bpf_sample_legacy_mul(2, 3);
}
