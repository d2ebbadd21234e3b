// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: the KTAP writer (../ktap.c). The input is a test name,
 * then after a NUL a diagnostic text. The KTAP written with them, as
 * 'kfunctool test' writes it, must be the header, "# " lines (as many as
 * the text has lines) and one result line, last, whose name holds no '#'
 * (a directive) and reads back as the input's; and no control character
 * but TAB and the newlines: a '\r' ends a line for a reader with
 * universal newlines.
 */
#include <ctype.h>
#include <stdbool.h>

#include "fuzz.h"
#include "ktap.h"

/* Lines ktap_diag_block() writes for @s: a last '\n' ends, not adds one. */
static int nlines(const char *s)
{
	int n = 1;

	for (const char *p = s; *p; p++)
		n += *p == '\n' && p[1];
	return n;
}

/* @s, a result line's name, read back: "\xNN" is a byte, no other '\'. */
static void check_name(const char *s, const char *want)
{
	for (; *s; s++, want++) {
		unsigned int c = (unsigned char)*s;

		fuzz_check(c != '#', "a '#' in a result line's name");
		if (c == '\\')
			fuzz_check(sscanf(s, "\\x%2x", &c) == 1 && s[2] && s[3] &&
				   isxdigit((unsigned char)s[2]) && isxdigit((unsigned char)s[3]), "a '\\' that is no \\xNN escape");
		fuzz_check((unsigned char)*want == c, "the name reads back as another");
		if (*s == '\\')
			s += 3;
	}
	fuzz_check(!*want, "the name reads back shorter");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = fuzz_str(data, size), *text, *line, *next, *full;
	bool ok = size & 1;
	struct fuzz_capture c;
	int diags = 0, results = 0, want;

	text = fuzz_str(data + strlen(name) + 1, strlen(name) < size ? size - strlen(name) - 1 : 0);
	if (asprintf(&full, "%s: %s", name, text) < 0)
		abort();
	fuzz_capture(&c, &stdout);
	ktap_header(1);
	ktap_diag("%s", text);
	ktap_diag_block("  ", text);
	ktap_diag("%s: %s", name, text);
	ktap_result(1, ok, name);
	fuzz_uncapture(&c);

	for (size_t i = 0; i < c.len; i++) {
		unsigned char b = c.buf[i];

		fuzz_check(b >= 0x20 || b == '\t' || b == '\n', "control character %#x in the KTAP", b);
	}
	fuzz_check(!memchr(c.buf, 0x7f, c.len), "DEL in the KTAP");
	fuzz_check(c.len > 0 && c.buf[c.len - 1] == '\n', "the KTAP does not end a line");
	fuzz_check(!strncmp(c.buf, "KTAP version 1\n1..1\n", 20), "no KTAP header");
	for (line = c.buf + 20; *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		if (!strncmp(line, "# ", 2)) {
			fuzz_check(!results, "a diagnostic after the result line");
			diags++;
			continue;
		}
		fuzz_check(!strncmp(line, ok ? "ok 1 " : "not ok 1 ", ok ? 5 : 9),
			   "a line that is neither a diagnostic nor the result: %.40s", line);
		check_name(line + (ok ? 5 : 9), name);
		results++;
	}
	want = 2 * nlines(text) + nlines(full);
	fuzz_check(results == 1, "%d result lines", results);
	fuzz_check(diags == want, "%d diagnostic lines, want %d", diags, want);
	free(c.buf);
	free(full);
	free(text);
	free(name);
	return 0;
}
