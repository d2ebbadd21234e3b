// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Calls one stable kfunc only (audit verdict 0), from a tracing program. */
#include "objs.h"

extern int kt_stable(int a) __ksym;

SEC("fentry/ksys_write") int trace_stable(void *ctx) { return kt_stable(1); }
