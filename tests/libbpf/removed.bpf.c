// SPDX-License-Identifier: GPL-2.0
/*
 * An object that calls bpf_sample_legacy_mul through a strong extern, built
 * before it was removed: libbpf refuses it before the kernel sees it,
 * naming the release it was removed in and the replacement.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern u32 bpf_sample_legacy_mul(u32 a, u32 b) __ksym;

char _license[] SEC("license") = "GPL";

SEC("syscall")
int old_mul(void *ctx)
{
	return bpf_sample_legacy_mul(2, 3);
}
