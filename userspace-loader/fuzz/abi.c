// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: the kfunc ABI dump parser (../abi.c), which a CI job
 * runs on files it is handed. A refused input has a one-line reason; a
 * dump taken, written back and read again gives the same dump: the
 * writer's output is always read back, byte for byte the same.
 */
#include "abi.h"
#include "fuzz.h"

/* @abi as text, in a buffer the caller frees */
static char *write_text(const struct kt_abi *abi, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	fuzz_check(f != NULL, "open_memstream");
	kt_abi_write(f, abi);
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kt_abi abi, again;
	char err[512], *one, *two;
	size_t len1, len2;

	if (kt_abi_parse((const char *)data, size, &abi, err, sizeof(err))) {
		fuzz_check(err[0] && !strchr(err, '\n'), "refused without a one-line reason");
		return 0;
	}
	one = write_text(&abi, &len1);
	fuzz_check(!kt_abi_parse(one, len1, &again, err, sizeof(err)),
		   "its own output refused: %s", err);
	two = write_text(&again, &len2);
	fuzz_check(len1 == len2 && !memcmp(one, two, len1), "written twice, read once: differs");
	fuzz_check(abi.n == again.n, "%d kfuncs, then %d", abi.n, again.n);
	kt_abi_free(&abi);
	kt_abi_free(&again);
	free(one);
	free(two);
	return 0;
}
