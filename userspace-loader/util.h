/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Small helpers: growable string vectors, file reading, text layout. */
#ifndef KT_UTIL_H
#define KT_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct kt_strv {
	char **v;
	int n;
	int cap;
};

void kt_strv_push(struct kt_strv *sv, const char *s);
void kt_strv_pushn(struct kt_strv *sv, const char *s, size_t len);
__attribute__((format(printf, 2, 3))) void kt_strv_pushf(struct kt_strv *sv, const char *fmt, ...);
bool kt_strv_has(const struct kt_strv *sv, const char *s);
void kt_strv_free(struct kt_strv *sv);

void *kt_xmalloc(size_t n);
void *kt_xcalloc(size_t n, size_t m);
void *kt_xrealloc(void *p, size_t n);
char *kt_xstrdup(const char *s);
/* CLOCK_MONOTONIC in nanoseconds */
long long kt_now_ns(void);
/* open_memstream(), which fails only for want of memory, as kt_xmalloc() */
FILE *kt_xmemstream(char **buf, size_t *len);
__attribute__((format(printf, 1, 2))) char *kt_xasprintf(const char *fmt, ...);

/* Whole file into a NUL-terminated buffer; NULL and errno on failure. */
char *kt_read_file(const char *path, size_t *len);

/* "dir/name.bpf.o" -> "name" (also strips ".o"); caller frees. */
char *kt_obj_basename(const char *path);

/* Parse a whole decimal/hex/octal integer, optionally in parentheses;
 * false with errno ERANGE when it is one, but beyond a long long. */
bool kt_parse_ll(const char *s, long long *out);

/* Write @n bytes of @s with every control character but TAB, and every
 * character of @esc, as \xNN: the text stays on one line, and with "\\"
 * in @esc it reads back unambiguously. */
void kt_put_escaped(FILE *f, const char *s, size_t n, const char *esc);

/* Print @text wrapped at @width columns; the first line continues the
 * current line (which is @col0 columns wide), the others are indented
 * by @indent spaces.
 */
void kt_wrap(FILE *f, const char *text, int col0, int indent, int width);

/* Print @s padded with spaces to @w columns (never truncated). */
void kt_pad(FILE *f, const char *s, int w);

/* Line of @log containing the first occurrence of @needle (copy), or NULL. */
char *kt_line_containing(const char *log, const char *needle);

#endif
