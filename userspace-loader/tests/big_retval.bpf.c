// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* __retval beyond the 32 bits of a return value: exit 7, not a match of 0. */
#include "objs.h"

SEC("syscall") __success __retval(4294967296)
int big_retval(void *ctx)
{
	return 0;
}
