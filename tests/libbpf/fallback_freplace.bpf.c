// SPDX-License-Identifier: GPL-2.0
/*
 * The fallback of fallback.bpf.c in an freplace program, which replaces
 * mul_or_mix() of replace_target.bpf.c: libbpf resolves the tombstone as
 * absent, and the target then returns 2 * 31 + 3 = 65.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern u32 bpf_sample_legacy_mul(u32 a, u32 b) __ksym __weak;
extern u32 bpf_sample_mix(u32 a, u32 b) __ksym;

char _license[] SEC("license") = "GPL";

SEC("freplace/mul_or_mix")
int new_mul_or_mix(int x)
{
	if (bpf_ksym_exists(bpf_sample_legacy_mul))
		return bpf_sample_legacy_mul(2, 3);
	return bpf_sample_mix(2, 3);
}
