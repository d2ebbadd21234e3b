// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* KTAP output (see ktap.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ktap.h"

void ktap_header(int ntests)
{
	printf("KTAP version 1\n1..%d\n", ntests);
	fflush(stdout);
}

void ktap_result(int n, bool ok, const char *name)
{
	printf("%s %d %s\n", ok ? "ok" : "not ok", n, name);
	fflush(stdout);
}

void ktap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

void ktap_diag_block(const char *prefix, const char *text)
{
	const char *p = text;

	while (*p) {
		const char *e = strchr(p, '\n');
		int n = e ? (int)(e - p) : (int)strlen(p);

		printf("# %s%.*s\n", prefix, n, p);
		if (!e)
			break;
		p = e + 1;
	}
	fflush(stdout);
}
