// SPDX-License-Identifier: GPL-2.0
/*
 * The run-time cost of a kfunc call, for make bench: each program calls
 * one kfunc of bench/runtime_kfuncs.c in a bpf_loop() callback, as many
 * times as its context says; rt_control's callback makes no call, so that
 * the loop's own cost can be taken out. The same object serves the
 * pristine and the patched kernel. Not part of make check.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

char _license[] SEC("license") = "GPL";

extern __u64 bench_rt_sum(__u64 a, __u64 b) __ksym;
extern __u64 bench_rt_sum_old(__u64 a, __u64 b) __ksym;
extern __u64 bench_rt_sum_wrapped(__u64 a, __u64 b) __ksym;

struct rt_args {
	__u32 loops;
};

static int cb_control(__u32 i, __u64 *s)
{
	*s += i;
	return 0;
}

static int cb_stable(__u32 i, __u64 *s)
{
	*s = bench_rt_sum(*s, i);
	return 0;
}

static int cb_deprecated(__u32 i, __u64 *s)
{
	*s = bench_rt_sum_old(*s, i);
	return 0;
}

static int cb_wrapped(__u32 i, __u64 *s)
{
	*s = bench_rt_sum_wrapped(*s, i);
	return 0;
}

#define RT_PROG(name, cb)					\
SEC("syscall")							\
int name(struct rt_args *args)					\
{								\
	__u64 s = 0;						\
								\
	bpf_loop(args->loops, cb, &s, 0);			\
	return s;						\
}

RT_PROG(rt_control, cb_control)
RT_PROG(rt_stable, cb_stable)
RT_PROG(rt_deprecated, cb_deprecated)
RT_PROG(rt_wrapped, cb_wrapped)
