// SPDX-License-Identifier: GPL-2.0
/* Only a stable kfunc: deny_deprecated_kfuncs leaves it alone */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern u64 bpf_sample_sum(u64 a, u64 b) __ksym;

char _license[] SEC("license") = "GPL";

SEC("syscall")
int stable_sum(void *ctx)
{
	return bpf_sample_sum(3, 4);
}
