// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * A good program that calls no kfunc: 'test' gets as far as the load, which
 * KFUNCTOOL_NO_LOAD refuses (KTAP, exit 8). For what reaches the KTAP.
 */
#include "objs.h"

SEC("syscall") __success __retval(0)
int plain(void *ctx)
{
	return 0;
}
