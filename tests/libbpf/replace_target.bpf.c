// SPDX-License-Identifier: GPL-2.0
/* The program an freplace program replaces a global function of */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

char _license[] SEC("license") = "GPL";

/* Not a constant: the compiler keeps the call */
int zero;

__noinline int mul_or_mix(int x)
{
	return x + 1;
}

SEC("syscall")
int target(void *ctx)
{
	return mul_or_mix(zero);
}
