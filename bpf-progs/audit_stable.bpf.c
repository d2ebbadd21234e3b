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
	struct bpf_sample_obj *obj;
	__u32 value;

	obj = bpf_sample_obj_acquire(0);
	if (!obj)
		return 0;
	value = bpf_sample_obj_value(obj);
	bpf_sample_obj_release(obj);
	return bpf_sample_sum(value, 42);
}
