// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Parsing the kernel's kfunc listing (see listing.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfunctool.h"
#include "listing.h"
#include "util.h"

static bool parse_count(const char *s, long long *v)
{
	char *end;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end;
}

int kt_listing_read(const char *path, struct kt_listing *l, char *err, size_t errlen)
{
	char *line, *next;
	int lineno = 0;

	memset(l, 0, sizeof(*l));
	l->text = kt_read_file(path, NULL);
	if (!l->text) {
		int e = errno;

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
	l->path = kt_xstrdup(path);

	for (line = l->text; line && *line; line = next) {
		char *f[KT_LISTING_NFIELDS + 1], *p;
		struct kt_listing_row *r;
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
		if (n != KT_LISTING_NFIELDS) {
			snprintf(err, errlen,
				 "%s:%d: malformed listing line: %d TAB-separated fields, expected %d",
				 path, lineno, n, KT_LISTING_NFIELDS);
			kt_listing_free(l);
			return KT_RUNTIME;
		}
		l->rows = kt_xrealloc(l->rows, (l->nrows + 1) * sizeof(*l->rows));
		r = &l->rows[l->nrows];
		r->name = f[0];
		r->owner = f[1];
		r->hooks = *f[3] ? f[3] : "-";	/* registered for no hook */
		r->tier = f[4];
		r->flags = *f[5] ? f[5] : "-";
		r->since = f[6];
		r->removal = f[7];
		r->replacement = f[8];
		if (!parse_count(f[2], &r->btf_id) || !parse_count(f[9], &r->count) ||
		    !parse_count(f[10], &r->loaded) ||
		    kt_tier_rank(r->tier) < 0) {
			snprintf(err, errlen, "%s:%d: malformed listing line (btf_id, tier, count or loaded)",
				 path, lineno);
			kt_listing_free(l);
			return KT_RUNTIME;
		}
		l->nrows++;
	}
	return 0;
}

void kt_listing_free(struct kt_listing *l)
{
	free(l->rows);
	free(l->text);
	free(l->path);
	memset(l, 0, sizeof(*l));
}

const struct kt_listing_row *kt_listing_find(const struct kt_listing *l, const char *name)
{
	for (int i = 0; l && i < l->nrows; i++)
		if (strcmp(l->rows[i].name, name) == 0)
			return &l->rows[i];
	return NULL;
}

int kt_tier_rank(const char *tier)
{
	static const char *const tiers[] = { "stable", "unstable", "deprecated", "removed" };

	for (int i = 0; i < 4; i++)
		if (strcmp(tier, tiers[i]) == 0)
			return i;
	return -1;
}
