// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Minimal JSON writing helpers (see json.h). */
#include <stdbool.h>
#include <string.h>

#include "json.h"

void json_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
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
				fprintf(f, "%s\"%.*s\"", first ? "" : ",", (int)n, p);
				first = false;
			}
			p = e ? e + 1 : NULL;
		}
	}
	fputc(']', f);
}
