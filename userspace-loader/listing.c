// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Parsing the kernel's kfunc listing (see listing.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfunctool.h"
#include "listing.h"
#include "util.h"

/* A count as the kernel prints it (%u, %lld): digits only, no sign. */
static bool parse_count(const char *s, long long *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end;
}

/* Fill @r from the 11 fields @f of a line; false if they are malformed. */
static bool parse_row(char **f, struct kt_listing_row *r)
{
	int tier = kt_tier_rank(f[4]);

	r->name = f[0];
	r->owner = f[1];
	r->hooks = *f[3] ? f[3] : "-";	/* registered for no hook */
	r->tier = tier < 0 ? KT_TIER_UNKNOWN : tier;
	r->flags = *f[5] ? f[5] : "-";
	r->since = f[6];
	r->removal = f[7];
	r->replacement = f[8];
	/* the kernel writes "-" for a field with nothing in it */
	return *r->name && *r->owner && *r->since && *r->removal && *r->replacement &&
	       parse_count(f[2], &r->btf_id) && parse_count(f[9], &r->count) &&
	       parse_count(f[10], &r->loaded) && tier >= 0;
}

static int malformed(struct kt_listing *l, char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int malformed(struct kt_listing *l, char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	kt_listing_free(l);
	return KT_RUNTIME;
}

int kt_listing_parse(const char *path, char *text, size_t len, struct kt_listing *l,
		     char *err, size_t errlen)
{
	const char *nul = memchr(text, '\0', len);
	char *line, *next;
	int lineno = 0;

	memset(l, 0, sizeof(*l));
	l->text = text;
	l->path = kt_xstrdup(path);
	/* the lines after it would be lost without a word */
	if (nul)
		return malformed(l, err, errlen, "%s: malformed listing: a NUL byte at offset %zu",
				 path, (size_t)(nul - text));

	for (line = l->text; line && *line; line = next) {
		char *f[KT_LISTING_NFIELDS + 1], *p;
		int n = 0;

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!*line || line[0] == '#')
			continue;
		for (p = line; n <= KT_LISTING_NFIELDS; n++) {
			f[n] = p;
			p = strchr(p, '\t');
			if (!p) {
				n++;
				break;
			}
			*p++ = '\0';
		}
		if (n != KT_LISTING_NFIELDS)
			return malformed(l, err, errlen,
					 "%s:%d: malformed listing line: %d TAB-separated fields, expected %d",
					 path, lineno, n, KT_LISTING_NFIELDS);
		l->rows = kt_xrealloc(l->rows, (l->nrows + 1) * sizeof(*l->rows));
		if (!parse_row(f, &l->rows[l->nrows]))
			return malformed(l, err, errlen,
					 "%s:%d: malformed listing line (an empty field, or btf_id, tier, count or loaded)",
					 path, lineno);
		l->nrows++;
	}
	return 0;
}

int kt_listing_read(const char *path, struct kt_listing *l, char *err, size_t errlen)
{
	size_t len;
	char *text = kt_read_file(path, &len);
	int e = errno;

	memset(l, 0, sizeof(*l));
	if (text)
		return kt_listing_parse(path, text, len, l, err, errlen);
	if (e == ENOENT) {
		snprintf(err, errlen, "%s: no such file%s", path,
			 strcmp(path, KT_LISTING_PATH) == 0 ?
			 " (mount debugfs on /sys/kernel/debug; the kernel needs the kfunc listing patch)" : "");
		return KT_NOFILE;
	}
	snprintf(err, errlen, "%s: %s%s", path, strerror(e),
		 e == EACCES ? " (the listing is readable by root only)" : "");
	return KT_RUNTIME;
}

void kt_listing_free(struct kt_listing *l)
{
	free(l->rows);
	free(l->text);
	free(l->path);
	memset(l, 0, sizeof(*l));
}

const struct kt_listing_row *kt_listing_find(const struct kt_listing *l, const char *owner,
					     const char *name)
{
	for (int i = 0; l && i < l->nrows; i++)
		if (strcmp(l->rows[i].name, name) == 0 &&
		    (!owner || strcmp(l->rows[i].owner, owner) == 0))
			return &l->rows[i];
	return NULL;
}
