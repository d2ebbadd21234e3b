// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * KTAP output (see ktap.h). Names and diagnostics come from file names,
 * program names, tags and kernel logs: none of them may start a line of
 * its own, and a name may not hold a '#' (which would start a directive,
 * "# SKIP", on its result line).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "util.h"

void ktap_header(int ntests)
{
	printf("KTAP version 1\n1..%d\n", ntests);
	fflush(stdout);
}

void ktap_result(int n, bool ok, const char *name)
{
	printf("%s %d ", ok ? "ok" : "not ok", n);
	kt_put_escaped(stdout, name, strlen(name), "#\\");
	putchar('\n');
	fflush(stdout);
}

/* One "# @prefix" line of the @n bytes at @s. */
static void diag_line(const char *prefix, const char *s, size_t n)
{
	printf("# %s", prefix);
	kt_put_escaped(stdout, s, n, "");
	putchar('\n');
}

void ktap_diag(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = kt_xmalloc(n > 0 ? n + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(s, n > 0 ? n + 1 : 1, fmt, ap);
	va_end(ap);
	ktap_diag_block("", s);
	free(s);
}

void ktap_diag_block(const char *prefix, const char *text)
{
	const char *p = text, *e;

	for (;;) {
		e = strchr(p, '\n');
		diag_line(prefix, p, e ? (size_t)(e - p) : strlen(p));
		/* a text that ends with '\n' has no empty last line */
		if (!e || !e[1])
			break;
		p = e + 1;
	}
	fflush(stdout);
}
