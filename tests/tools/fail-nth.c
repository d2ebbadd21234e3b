// SPDX-License-Identifier: GPL-2.0
/*
 * fail-nth: load a module with its Nth slab allocation failing.
 *
 * Usage: fail-nth N MODULE.ko [PARAMS]
 *
 * Writes N to /proc/thread-self/fail-nth and calls finit_module() right
 * away, so that the count covers the module load and its init and nothing
 * else (a shell's "echo N > fail-nth; exec insmod" would spend it on exec).
 * N = 0 injects nothing, and is a plain insmod that prints its errno
 * exactly, which busybox's insmod does not.
 * Prints "injected" when the Nth allocation was reached and failed, else
 * "not injected"; exits 0 if the module loaded, 1 if it did not, 2 on a
 * usage or setup error.  failslab must be told not to skip GFP_KERNEL
 * allocations: echo N > /sys/kernel/debug/failslab/ignore-gfp-wait.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define FAIL_NTH "/proc/thread-self/fail-nth"

int main(int argc, char **argv)
{
	char buf[32];
	int ko, ctl, ret, err;
	ssize_t len;
	char *end;
	long nth;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: fail-nth N MODULE.ko [PARAMS]\n"
		       "Load MODULE.ko with the Nth slab allocation of the load failing\n"
		       "(N = 0: none), and say whether it was reached.\n");
		return 0;
	}
	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: fail-nth N MODULE.ko [PARAMS]\n");
		return 2;
	}
	nth = strtol(argv[1], &end, 10);
	if (!*argv[1] || *end || nth < 0 || nth > 1000000) {
		fprintf(stderr, "fail-nth: N must be a number from 0 to 1000000\n");
		return 2;
	}
	ko = open(argv[2], O_RDONLY | O_CLOEXEC);
	if (ko < 0) {
		fprintf(stderr, "fail-nth: %s: %s\n", argv[2], strerror(errno));
		return 2;
	}
	ctl = open(FAIL_NTH, O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		fprintf(stderr, "fail-nth: %s: %s\n", FAIL_NTH, strerror(errno));
		return 2;
	}
	len = snprintf(buf, sizeof(buf), "%ld", nth);
	if (write(ctl, buf, len) != len) {
		fprintf(stderr, "fail-nth: writing %s: %s\n", FAIL_NTH, strerror(errno));
		return 2;
	}
	ret = syscall(SYS_finit_module, ko, argc == 4 ? argv[3] : "", 0);
	err = errno;

	/* What is left of the count: 0 once the Nth allocation failed */
	len = pread(ctl, buf, sizeof(buf) - 1, 0);
	if (len <= 0) {
		fprintf(stderr, "fail-nth: reading %s: %s\n", FAIL_NTH, strerror(errno));
		return 2;
	}
	buf[len] = '\0';
	printf("%s\n", nth && !strtol(buf, NULL, 10) ? "injected" : "not injected");
	/* Stop counting for whatever this process does next */
	if (pwrite(ctl, "0", 1, 0) != 1) {
		fprintf(stderr, "fail-nth: resetting %s: %s\n", FAIL_NTH, strerror(errno));
		return 2;
	}
	if (ret) {
		fprintf(stderr, "fail-nth: finit_module: %s\n", strerror(err));
		return 1;
	}
	return 0;
}
