// SPDX-License-Identifier: GPL-2.0
/* For kfunctool audit: an object that calls stable kfuncs only. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

SEC("syscall")
__success __retval(142)
int only_stable(void *ctx)
{
	return bpf_sample_sum(sample_obj_value(0), 42);
}
