/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Shared by the libFuzzer targets: wrong output counts as a crash. */
#ifndef KT_FUZZ_H
#define KT_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Say what is wrong, then abort(): libFuzzer keeps the input as a crash. */
#define fuzz_check(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "kt-fuzz: " __VA_ARGS__);	\
			fputc('\n', stderr);				\
			abort();					\
		}							\
	} while (0)

/* The input up to its first NUL, as a string to free(). */
static inline char *fuzz_str(const uint8_t *data, size_t size)
{
	return strndup((const char *)data, size);
}

/* Redirect *@stream (stdout, stderr) into memory; fuzz_uncapture() ends it. */
struct fuzz_capture {
	FILE **stream, *saved;
	char *buf;
	size_t len;
};

static inline void fuzz_capture(struct fuzz_capture *c, FILE **stream)
{
	c->stream = stream;
	c->saved = *stream;
	*stream = open_memstream(&c->buf, &c->len);
	fuzz_check(*stream, "open_memstream failed");
}

/* Back to the real stream; c->buf (to free()) holds c->len bytes written. */
static inline void fuzz_uncapture(struct fuzz_capture *c)
{
	fclose(*c->stream);
	*c->stream = c->saved;
}

#endif
