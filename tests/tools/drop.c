// SPDX-License-Identifier: GPL-2.0
/*
 * drop: run a command with less privilege than root's.
 *
 * Usage: drop uid UID COMMAND [ARG...]
 *        drop cap CAP COMMAND [ARG...]
 *
 * uid: as user UID, its group UID too (65534 is nobody and nogroup), with
 * no supplementary groups; a uid other than 0 keeps no capability across
 * the exec.
 * cap: as root without capability number CAP (CAP_SYS_ADMIN is 21),
 * dropped from the bounding set, so that the exec of COMMAND, which gives
 * root every capability of the bounding set, leaves it out of the new
 * program's permitted and effective sets.
 *
 * Exits 2 on a usage or setup error, else with COMMAND's status, as exec
 * makes it COMMAND.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static int usage(void)
{
	fprintf(stderr, "usage: drop uid UID COMMAND [ARG...]\n"
			"       drop cap CAP COMMAND [ARG...]\n");
	return 2;
}

int main(int argc, char **argv)
{
	char *end;
	long n;

	if (argc < 4)
		return usage();
	errno = 0;
	n = strtol(argv[2], &end, 10);
	if (errno || *end || n < 0 || n > 65535) {
		fprintf(stderr, "drop: bad %s '%s'\n", argv[1], argv[2]);
		return 2;
	}
	if (!strcmp(argv[1], "uid")) {
		/* Groups first: setuid() gives up the right to change them */
		if (setgroups(0, NULL) || setgid(n) || setuid(n)) {
			fprintf(stderr, "drop: becoming %ld: %s\n", n, strerror(errno));
			return 2;
		}
	} else if (!strcmp(argv[1], "cap")) {
		if (prctl(PR_CAPBSET_DROP, n, 0, 0, 0)) {
			fprintf(stderr, "drop: dropping capability %ld: %s\n", n, strerror(errno));
			return 2;
		}
	} else {
		return usage();
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "drop: %s: %s\n", argv[3], strerror(errno));
	return 2;
}
