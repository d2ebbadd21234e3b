// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Sysctls set for a test and always restored (see sysctl.h). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kfunctool.h"
#include "sysctl.h"

#define MAX_SAVED 32

/* Fixed storage: the signal handler must not allocate. */
static struct {
	char path[256];
	char old[256];
} saved[MAX_SAVED];
static volatile sig_atomic_t nsaved;

/* Components of a /proc/sys path: [A-Za-z0-9_.-], none "", "." or "..". */
static bool valid_path(const char *p)
{
	for (const char *c = p;; p = ++c) {
		while (*c && *c != '/') {
			if (!isalnum((unsigned char)*c) && !strchr("_-.", *c))
				return false;
			c++;
		}
		if (c == p || (c - p <= 2 && !strncmp(p, "..", c - p)))
			return false;
		if (!*c)
			return true;
	}
}

int kt_sysctl_path(const char *key, char *path, size_t len)
{
	const size_t root = strlen("/proc/sys/");
	char sep = key[strcspn(key, "./")] == '.' ? '.' : '/';
	size_t n = snprintf(path, len, "/proc/sys/%s", key);

	if (n >= len)
		return -1;
	for (size_t i = root; i < n; i++)
		if (path[i] == '.' || path[i] == '/')
			path[i] = path[i] == sep ? '/' : '.';
	return valid_path(path + root) ? 0 : -1;
}

static int write_str(const char *path, const char *val)
{
	size_t n = strlen(val);
	ssize_t w;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	w = write(fd, val, n);
	if (w < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	close(fd);
	if ((size_t)w != n) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static int read_path(const char *path, char *val, size_t len)
{
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	r = read(fd, val, len - 1);
	close(fd);
	if (r < 0)
		return -1;
	val[r] = '\0';
	while (r > 0 && (val[r - 1] == '\n' || val[r - 1] == ' '))
		val[--r] = '\0';
	return 0;
}

int kt_sysctl_read(const char *key, char *val, size_t len)
{
	char path[256];

	if (kt_sysctl_path(key, path, sizeof(path))) {
		errno = EINVAL;
		return -1;
	}
	return read_path(path, val, len);
}

int kt_sysctl_set(const char *key, const char *val, char *err, size_t errlen)
{
	int i = nsaved;

	if (i >= MAX_SAVED) {
		snprintf(err, errlen, "too many sysctls at once (max %d)", MAX_SAVED);
		return -1;
	}
	if (kt_sysctl_path(key, saved[i].path, sizeof(saved[i].path))) {
		snprintf(err, errlen, "sysctl %s: not a sysctl name", key);
		return -1;
	}
	if (read_path(saved[i].path, saved[i].old, sizeof(saved[i].old))) {
		snprintf(err, errlen, "sysctl %s: cannot read %s: %s", key, saved[i].path,
			 strerror(errno));
		return -1;
	}
	/* refused after the read, so that a name no kernel has is still said */
	if (kt_no_load()) {
		snprintf(err, errlen, "refusing to set sysctl %s: KFUNCTOOL_NO_LOAD is set", key);
		return -1;
	}
	nsaved = i + 1;	/* from here on, a signal restores it */
	if (write_str(saved[i].path, val)) {
		snprintf(err, errlen, "sysctl %s=%s: %s", key, val, strerror(errno));
		nsaved = i;
		return -1;
	}
	return 0;
}

int kt_sysctl_restore_all(void)
{
	int ret = 0;

	while (nsaved > 0) {
		int i = nsaved - 1;

		if (write_str(saved[i].path, saved[i].old))
			ret = -1;
		nsaved = i;
	}
	return ret;
}

static void restore_at_exit(void)
{
	kt_sysctl_restore_all();
}

static void restore_on_signal(int sig)
{
	kt_sysctl_restore_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

void kt_sysctl_install_guards(void)
{
	struct sigaction sa = {};

	atexit(restore_at_exit);
	sa.sa_handler = restore_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);	/* "kfunctool test | head" */
}
