// SPDX-License-Identifier: GPL-2.0
/*
 * A program that runs where bpf_sample_legacy_mul may be gone: a __weak
 * extern, bpf_ksym_exists(), and a fallback. On a kernel whose BTF tags
 * it as removed (a tombstone), libbpf resolves it as absent, so the
 * program takes the fallback: 2 * 31 + 3 = 65.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern u32 bpf_sample_legacy_mul(u32 a, u32 b) __ksym __weak;
extern u32 bpf_sample_mix(u32 a, u32 b) __ksym;

char _license[] SEC("license") = "GPL";

static __noinline u32 mul_or_mix(u32 a, u32 b)
{
	if (bpf_ksym_exists(bpf_sample_legacy_mul))
		return bpf_sample_legacy_mul(a, b);
	return bpf_sample_mix(a, b);
}

SEC("syscall")
int fallback_main(void *ctx)
{
	if (bpf_ksym_exists(bpf_sample_legacy_mul))
		return bpf_sample_legacy_mul(2, 3);
	return bpf_sample_mix(2, 3);
}

SEC("syscall")
int fallback_subprog(void *ctx)
{
	return mul_or_mix(2, 3);
}
