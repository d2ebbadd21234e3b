/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Kernel-log capture through /dev/kmsg: kt_kmsg_begin() remembers the end
 * of the log, kt_kmsg_collect() returns the messages logged since.
 */
#ifndef KT_KMSG_H
#define KT_KMSG_H

#include <stddef.h>

#include "util.h"

struct kt_kmsg {
	int fd;
};

/* Returns 0, or -1 with a reason in @err. */
int kt_kmsg_begin(struct kt_kmsg *k, char *err, size_t errlen);
/* Append the text of every record logged since begin (or the last collect). */
void kt_kmsg_collect(struct kt_kmsg *k, struct kt_strv *lines);
void kt_kmsg_end(struct kt_kmsg *k);

#endif
