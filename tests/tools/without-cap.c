// SPDX-License-Identifier: GPL-2.0
/*
 * without-cap: run a command as root without one capability.
 *
 * Usage: without-cap CAP COMMAND [ARG...]
 *
 * CAP is a capability number (CAP_SYS_ADMIN is 21). It is dropped from the
 * bounding set, so that the exec of COMMAND, which gives root every
 * capability of the bounding set, leaves it out of the new program's
 * permitted and effective sets. Exits 2 on a usage or setup error, else
 * with COMMAND's status, as exec makes it COMMAND.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char *end;
	long cap;

	if (argc < 3) {
		fprintf(stderr, "usage: without-cap CAP COMMAND [ARG...]\n");
		return 2;
	}
	errno = 0;
	cap = strtol(argv[1], &end, 10);
	if (errno || *end || cap < 0) {
		fprintf(stderr, "without-cap: bad capability number '%s'\n", argv[1]);
		return 2;
	}
	if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) {
		fprintf(stderr, "without-cap: dropping %ld: %s\n", cap, strerror(errno));
		return 2;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "without-cap: %s: %s\n", argv[2], strerror(errno));
	return 2;
}
