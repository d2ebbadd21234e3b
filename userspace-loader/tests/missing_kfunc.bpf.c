// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Calls a kfunc no kernel has: exit 6 (checked before any bpf() call). */
#include "objs.h"

extern int bpf_kfunctool_no_such_kfunc(int a) __ksym;

SEC("syscall") __success __retval(1)
int call_missing(void *ctx)
{
	return bpf_kfunctool_no_such_kfunc(1);
}
