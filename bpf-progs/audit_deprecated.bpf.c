// SPDX-License-Identifier: GPL-2.0
/*
 * For kfunctool audit: an object that calls a deprecated kfunc.  Loaded
 * under policy 0 so that it leaves the ratelimited kernel-log warning to
 * the tests in deprecation.bpf.c.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a deprecated kfunc on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("syscall")
__success __retval(5)
int calls_deprecated(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

SEC("syscall")
__success __retval(97)
int calls_unstable(void *ctx)
{
	return bpf_sample_mix(3, 4);
}
