// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Minimal JSON writing helpers (see json.h). */
#include <stdbool.h>
#include <string.h>

#include "json.h"

/* The first @n bytes of @s as a JSON string */
static void json_strn(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (; n--; s++) {
		unsigned char c = *s;

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
