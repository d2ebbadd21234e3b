// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Calls the kfuncs kfunc_tags.bpf.c tags, for audit from BTF tags alone. */
#include "objs.h"

extern int kt_stable(int a) __ksym;
extern int kt_unstable(int a) __ksym;
extern int kt_deprecated(int a) __ksym;
extern int kt_two_tiers(int a) __ksym;

SEC("syscall") int call_tagged(void *ctx)
{
	return kt_stable(1) + kt_unstable(2) + kt_deprecated(3);
}

SEC("syscall") int call_conflict(void *ctx) { return kt_two_tiers(4); }
