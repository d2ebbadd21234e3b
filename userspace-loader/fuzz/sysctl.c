// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: sysctl names (../sysctl.c, kt_sysctl_path(); nothing
 * under /proc is touched). A name taken must give a path below /proc/sys
 * whose components are plain ([A-Za-z0-9_.-], none "", "." or ".."), one
 * per separator, and faithful to sysctl(8): in the slash form dots are
 * literal, in the dot form a slash stands for a dot. A buffer too small
 * must refuse the name, never truncate it into another.
 */
#include <ctype.h>
#include <stdbool.h>

#include "fuzz.h"
#include "sysctl.h"

#define ROOT "/proc/sys/"

static void check_path(const char *key, const char *path)
{
	const char *rel = path + strlen(ROOT), *c;
	bool dots = key[strcspn(key, "./")] == '.';
	size_t i;

	fuzz_check(!strncmp(path, ROOT, strlen(ROOT)), "path not under " ROOT ": %s", path);
	fuzz_check(strlen(rel) == strlen(key), "%s: path %s is not as long as the name", key, path);
	for (i = 0; key[i]; i++) {
		char want = key[i];

		if (dots && (want == '.' || want == '/'))
			want = want == '.' ? '/' : '.';
		fuzz_check(rel[i] == want, "%s: path %s, byte %zu is not %c", key, path, i, want);
	}
	for (c = rel;; c++) {
		size_t n = strcspn(c, "/");

		fuzz_check(n && strncmp(c, ".", n) && strncmp(c, "..", n),
			   "%s: path %s has an empty, '.' or '..' component", key, path);
		for (i = 0; i < n; i++)
			fuzz_check(isalnum((unsigned char)c[i]) || strchr("_-.", c[i]),
				   "%s: path %s has a %#x", key, path, (unsigned char)c[i]);
		c += n;
		if (!*c)
			break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *key = fuzz_str(data, size), path[256], small[32];
	bool taken = kt_sysctl_path(key, path, sizeof(path)) == 0;

	if (taken)
		check_path(key, path);
	if (kt_sysctl_path(key, small, sizeof(small)) == 0)
		fuzz_check(taken && !strcmp(small, path), "%s: taken in 32 bytes as %s", key, small);
	else
		fuzz_check(!taken || strlen(path) >= sizeof(small), "%s: refused in 32 bytes", key);
	free(key);
	return 0;
}
