// SPDX-License-Identifier: GPL-2.0
/* For kfunctool audit: an object that calls an unstable kfunc. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("syscall")
__success __retval(97)
int calls_unstable(void *ctx)
{
	return bpf_sample_mix(3, 4);
}

SEC("syscall")
__success __retval(42)
int calls_stable(void *ctx)
{
	return bpf_sample_sum(40, 2);
}
