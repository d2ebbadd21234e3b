// SPDX-License-Identifier: GPL-2.0
/*
 * bench-time: time one module load, module unload or file read in the
 * guest, on CLOCK_MONOTONIC, and print the nanoseconds it took.
 *
 * Usage: bench-time insmod MODULE.ko
 *        bench-time rmmod NAME
 *        bench-time read FILE
 *        bench-time run PINNED_PROG LOOPS
 *
 * run: BPF_PROG_TEST_RUN of a program of bench/runtime.bpf.c pinned on
 * bpffs, its context asking for LOOPS iterations; its result must be the
 * sum of 0 to LOOPS - 1 (32 bits), which every one of them computes, so
 * that a program that did not loop is never timed as fast.
 *
 * The clock is read right around the system calls, so that the figure is
 * the kernel's work and not a shell's fork and exec.  Exits 1 when the
 * operation failed, 2 on a usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The time of one test run of @path's program, LOOPS iterations; -1 on error */
static long long run_prog(const char *path, const char *loops_arg)
{
	union bpf_attr attr;
	uint32_t loops, want;
	long long t0, t;
	char *end;
	int fd;

	errno = 0;
	loops = strtoul(loops_arg, &end, 10);
	if (errno || *end || !*loops_arg) {
		fprintf(stderr, "bench-time: run: LOOPS %s is not a number\n", loops_arg);
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.pathname = (uintptr_t)path;
	fd = syscall(SYS_bpf, BPF_OBJ_GET, &attr, sizeof(attr));
	if (fd < 0)
		return fail("BPF_OBJ_GET", path), -1;
	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = fd;
	attr.test.ctx_in = (uintptr_t)&loops;
	attr.test.ctx_size_in = sizeof(loops);
	t0 = now_ns();
	if (syscall(SYS_bpf, BPF_PROG_TEST_RUN, &attr, sizeof(attr)))
		return fail("BPF_PROG_TEST_RUN", path), -1;
	t = now_ns() - t0;
	close(fd);
	want = (uint32_t)((uint64_t)loops * (loops - (loops > 0)) / 2);
	if (attr.test.retval != want) {
		fprintf(stderr, "bench-time: run %s: result %u, want %u\n", path,
			attr.test.retval, want);
		return -1;
	}
	return t;
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	long long t0, t;
	ssize_t n;
	int fd;

	if (argc == 4 && !strcmp(argv[1], "run")) {
		t = run_prog(argv[2], argv[3]);
		if (t < 0)
			return 1;
		printf("%lld\n", t);
		return 0;
	}
	if (argc != 3) {
		fputs("usage: bench-time insmod KO | rmmod NAME | read FILE | run PROG LOOPS\n",
		      stderr);
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
