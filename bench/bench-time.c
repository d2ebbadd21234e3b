// SPDX-License-Identifier: GPL-2.0
/*
 * bench-time: time one module load, module unload or file read in the
 * guest, on CLOCK_MONOTONIC, and print the nanoseconds it took.
 *
 * Usage: bench-time insmod MODULE.ko
 *        bench-time rmmod NAME
 *        bench-time read FILE
 *
 * The clock is read right around the system calls, so that the figure is
 * the kernel's work and not a shell's fork and exec.  Exits 1 when the
 * operation failed, 2 on a usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int fail(const char *what, const char *arg)
{
	fprintf(stderr, "bench-time: %s %s: %s\n", what, arg, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	long long t0, t;
	ssize_t n;
	int fd;

	if (argc != 3) {
		fputs("usage: bench-time insmod KO | rmmod NAME | read FILE\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "insmod")) {
		fd = open(argv[2], O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return fail("open", argv[2]);
		t0 = now_ns();
		if (syscall(SYS_finit_module, fd, "", 0))
			return fail("insmod", argv[2]);
		t = now_ns() - t0;
	} else if (!strcmp(argv[1], "rmmod")) {
		t0 = now_ns();
		if (syscall(SYS_delete_module, argv[2], O_NONBLOCK))
			return fail("rmmod", argv[2]);
		t = now_ns() - t0;
	} else if (!strcmp(argv[1], "read")) {
		t0 = now_ns();
		fd = open(argv[2], O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return fail("open", argv[2]);
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			;
		if (n < 0)
			return fail("read", argv[2]);
		t = now_ns() - t0;
	} else {
		fprintf(stderr, "bench-time: unknown operation %s\n", argv[1]);
		return 2;
	}
	printf("%lld\n", t);
	return 0;
}
