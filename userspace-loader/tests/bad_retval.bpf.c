// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* __retval that is not a number: exit 7. */
#include "objs.h"

SEC("syscall") __success __retval(forty_two)
int bad_retval(void *ctx)
{
	return 42;
}
