// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel-log capture through /dev/kmsg (see kmsg.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kmsg.h"

int kt_kmsg_begin(struct kt_kmsg *k, char *err, size_t errlen)
{
	k->fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (k->fd < 0) {
		snprintf(err, errlen, "cannot open /dev/kmsg: %s", strerror(errno));
		return -1;
	}
	if (lseek(k->fd, 0, SEEK_END) < 0) {
		snprintf(err, errlen, "cannot seek /dev/kmsg: %s", strerror(errno));
		close(k->fd);
		k->fd = -1;
		return -1;
	}
	return 0;
}

void kt_kmsg_collect(struct kt_kmsg *k, struct kt_strv *lines)
{
	/* one record per read(); 8 KiB is the kernel's record limit */
	char rec[8192 + 1];

	if (k->fd < 0)
		return;
	for (;;) {
		ssize_t r = read(k->fd, rec, sizeof(rec) - 1);
		char *msg, *end;

		if (r < 0) {
			if (errno == EINTR || errno == EPIPE)
				continue;	/* EPIPE: we were overrun; go on */
			break;			/* EAGAIN: no more records */
		}
		if (r == 0)
			break;
		rec[r] = '\0';
		/* "prio,seq,usec,flags[,...];text\n[ KEY=value\n]..." */
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		end = strchr(msg, '\n');
		kt_strv_pushn(lines, msg, end ? (size_t)(end - msg) : strlen(msg));
	}
}

void kt_kmsg_end(struct kt_kmsg *k)
{
	if (k->fd >= 0)
		close(k->fd);
	k->fd = -1;
}
