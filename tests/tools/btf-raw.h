/* SPDX-License-Identifier: GPL-2.0 */
/* Writing BTF to a file as raw BTF, for the host tools that make BTF. */
#ifndef BTF_RAW_H
#define BTF_RAW_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

/* @btf's raw data into @path; 0, or 1 with a line on stderr naming @tool */
static inline int write_btf(const char *tool, const struct btf *btf, const char *path)
{
	const void *raw;
	__u32 size;
	FILE *f;
	int err;

	raw = btf__raw_data(btf, &size);
	f = fopen(path, "w");
	if (!raw || !f) {
		fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
		if (f)
			fclose(f);
		return 1;
	}
	err = fwrite(raw, 1, size, f) != size;
	err |= fclose(f);
	if (err)
		fprintf(stderr, "%s: writing %s failed\n", tool, path);
	return err;
}

#endif
