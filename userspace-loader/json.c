// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Minimal JSON writing helpers (see json.h). */
#include <stdbool.h>
#include <string.h>

#include "json.h"

/*
 * Length of the UTF-8 sequence at @s (at most @n bytes), 0 if it is not
 * one: a stray continuation byte, a truncated, overlong or surrogate
 * sequence, or a code point beyond U+10FFFF (RFC 3629).
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
	/* the second byte's range: it rules out overlongs, surrogates and > U+10FFFF */
	unsigned char lo = s[0] == 0xe0 ? 0xa0 : s[0] == 0xf0 ? 0x90 : 0x80;
	unsigned char hi = s[0] == 0xed ? 0x9f : s[0] == 0xf4 ? 0x8f : 0xbf;

	if (!len || len > n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/* One ASCII character inside a JSON string. */
static void json_ascii(FILE *f, unsigned char c)
{
	if (c == '"' || c == '\\')
		fprintf(f, "\\%c", c);
	else if (c == '\n')
		fputs("\\n", f);
	else if (c == '\t')
		fputs("\\t", f);
	else if (c < 0x20)
		fprintf(f, "\\u%04x", c);
	else
		fputc(c, f);
}

/*
 * The first @n bytes of @s as a JSON string. JSON text is UTF-8 (RFC
 * 8259): a byte that is not part of a valid sequence (a file name may
 * hold any) becomes U+FFFD, as Go's encoding/json does.
 */
static void json_strn(FILE *f, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	fputc('"', f);
	while (p < end) {
		size_t len = *p < 0x80 ? 1 : utf8_len(p, end - p);

		if (len == 1)
			json_ascii(f, *p);
		else if (len)
			fwrite(p, 1, len, f);
		else
			fputs("\\ufffd", f);
		p += len ? len : 1;
	}
	fputc('"', f);
}

void json_str(FILE *f, const char *s)
{
	if (s)
		json_strn(f, s, strlen(s));
	else
		fputs("null", f);
}

void json_field(FILE *f, const char *s)
{
	json_str(f, s && strcmp(s, "-") ? s : NULL);
}

void json_csv(FILE *f, const char *csv)
{
	const char *p = csv;
	bool first = true;

	fputc('[', f);
	if (csv && *csv && strcmp(csv, "-")) {
		while (p) {
			const char *e = strchr(p, ',');
			size_t n = e ? (size_t)(e - p) : strlen(p);

			if (n) {
				if (!first)
					fputc(',', f);
				json_strn(f, p, n);
				first = false;
			}
			p = e ? e + 1 : NULL;
		}
	}
	fputc(']', f);
}

void json_member(FILE *f, const char *pre, void (*value)(FILE *, const char *),
		 const char *s)
{
	fputs(pre, f);
	value(f, s);
}
