// SPDX-License-Identifier: GPL-2.0
/*
 * An object built before bpf_sample_sum32 was deprecated: its extern has no
 * attribute, so the compiler said nothing. libbpf, reading the kernel's
 * BTF, warns once for the object, naming the first program calling it.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern u32 bpf_sample_sum32(u32 a, u32 b) __ksym;
extern u64 bpf_sample_sum(u64 a, u64 b) __ksym;

char _license[] SEC("license") = "GPL";

SEC("syscall")
int old_sum_a(void *ctx)
{
	return bpf_sample_sum32(3, 4);
}

SEC("syscall")
int old_sum_b(void *ctx)
{
	return bpf_sample_sum32(5, 6);
}

SEC("syscall")
int new_sum(void *ctx)
{
	return bpf_sample_sum(3, 4);
}
