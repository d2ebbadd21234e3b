// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * One program per tier, for audit with a made-up listing: the verdict of
 * each program's kfunc is tested by listing only some of them.
 */
#include "objs.h"

extern int kt_stable(int a) __ksym;
extern int kt_unstable(int a) __ksym;
extern int kt_deprecated(int a) __ksym;
extern int kt_removed(int a) __ksym;
extern int kt_unknown(int a) __ksym __weak;

static __attribute__((noinline)) int sub(int a)
{
	return kt_unstable(a);
}

SEC("syscall") int call_stable(void *ctx) { return kt_stable(1); }
SEC("syscall") int call_unstable(void *ctx) { return sub(1); }
SEC("syscall") int call_deprecated(void *ctx) { return kt_deprecated(1); }
SEC("syscall") int call_removed(void *ctx) { return kt_removed(1); }
SEC("syscall") int call_unknown(void *ctx) { return kt_unknown ? kt_unknown(1) : 0; }
