// SPDX-License-Identifier: GPL-2.0
/*
 * The sample kfuncs are registered for syscall and tracing programs only.
 * From any other program type the 6.1 verifier rejects the call; tiers do
 * not change that.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("socket")
__failure __msg("calling kernel function bpf_sample_mix is not allowed")
int socket_filter_mix(struct __sk_buff *skb)
{
	return bpf_sample_mix(3, 4);
}

SEC("kprobe/ksys_write")
__failure __msg("calling kernel function bpf_sample_sum is not allowed")
int kprobe_sum(struct pt_regs *regs)
{
	return bpf_sample_sum(40, 2);
}
