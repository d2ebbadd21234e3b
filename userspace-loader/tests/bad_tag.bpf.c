// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A good program, then one with an unknown expectation tag: exit 7. */
#include "objs.h"

SEC("syscall") __success __retval(0)
int good(void *ctx)
{
	return 0;
}

SEC("syscall") __success __tag("test_expect_miracle")
int bad(void *ctx)
{
	return 0;
}
