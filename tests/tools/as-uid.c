// SPDX-License-Identifier: GPL-2.0
/*
 * as-uid: run a command as another user, with no supplementary groups.
 *
 * Usage: as-uid UID COMMAND [ARG...]
 *
 * Sets the group to UID as well (65534 is nobody and nogroup). A uid other
 * than 0 keeps no capability across the exec. Exits 2 on a usage or setup
 * error, else with COMMAND's status, as exec makes it COMMAND.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char *end;
	long uid;

	if (argc < 3) {
		fprintf(stderr, "usage: as-uid UID COMMAND [ARG...]\n");
		return 2;
	}
	errno = 0;
	uid = strtol(argv[1], &end, 10);
	if (errno || *end || uid < 0 || uid > 65535) {
		fprintf(stderr, "as-uid: bad uid '%s'\n", argv[1]);
		return 2;
	}
	/* Groups first: setuid() gives up the right to change them */
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		fprintf(stderr, "as-uid: becoming %ld: %s\n", uid, strerror(errno));
		return 2;
	}
	execvp(argv[2], argv + 2);
	fprintf(stderr, "as-uid: %s: %s\n", argv[2], strerror(errno));
	return 2;
}
