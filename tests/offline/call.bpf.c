// SPDX-License-Identifier: GPL-2.0
/*
 * One call of KFUNC (clang -DKFUNC=name) through the header kfunctool
 * gen-header wrote: what the compiler says of a deprecated kfunc (a
 * warning) and of a removed one (an error), which make run shows
 * (tests/build-offline).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "kfuncs.h"

SEC("syscall")
int p(void *ctx)
{
	return KFUNC(1, 2);
}
