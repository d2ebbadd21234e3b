// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: the kfunc listing parser (../listing.c, the text of
 * /sys/kernel/debug/bpf/kfuncs). A listing taken must have one row per
 * line that is neither empty nor a "#" comment, each the line's own
 * fields: text with no TAB or newline, none empty but hooks and flags
 * (shown as "-"), a known tier, and counts that are the line's digits,
 * never negative. A NUL byte must refuse the listing.
 */
#include <ctype.h>
#include <limits.h>
#include <stdbool.h>

#include "fuzz.h"
#include "listing.h"

/* The count the kernel printed as @s: digits only; -1 if it is not one. */
static long long count(const char *s)
{
	long long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s) || v > (LLONG_MAX - (*s - '0')) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

static void check_row(const struct kt_listing_row *r, char *line)
{
	const char *str[] = { r->name, r->owner, NULL, r->hooks, kt_tier_name(r->tier), r->flags,
			      r->since, r->removal, r->replacement };
	const long long num[] = { [2] = r->btf_id, [9] = r->count, [10] = r->loaded };
	char *f[KT_LISTING_NFIELDS];
	int i;

	for (i = 0; i < KT_LISTING_NFIELDS; i++)
		f[i] = strsep(&line, "\t");
	fuzz_check(f[KT_LISTING_NFIELDS - 1] && !line, "a row from a line without 11 fields");
	for (i = 0; i < KT_LISTING_NFIELDS; i++) {
		if (i == 2 || i >= 9) {
			fuzz_check(num[i] >= 0 && count(f[i]) == num[i],
				   "field %d: \"%s\" taken as %lld", i, f[i], num[i]);
			continue;
		}
		if ((i == 3 || i == 5) && !*f[i])
			fuzz_check(!strcmp(str[i], "-"), "field %d empty, not shown as \"-\"", i);
		else
			fuzz_check(*f[i] && !strcmp(str[i], f[i]), "field %d: \"%s\" taken as \"%s\"",
				   i, f[i], str[i]);
	}
	fuzz_check(r->tier != KT_TIER_UNKNOWN, "a row of tier unknown taken");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *copy = malloc(size + 1), *line, *next, err[512];
	struct kt_listing l;
	int rows = 0;

	memcpy(text, data, size);
	text[size] = '\0';
	memcpy(copy, text, size + 1);
	if (kt_listing_parse("fuzz", text, size, &l, err, sizeof(err))) {
		fuzz_check(err[0] && !strchr(err, '\n'), "refused without a one-line reason");
		free(copy);
		return 0;
	}
	fuzz_check(!memchr(data, '\0', size), "a listing with a NUL byte taken");
	for (line = copy; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!*line || *line == '#')
			continue;
		fuzz_check(rows < l.nrows, "fewer rows than lines");
		check_row(&l.rows[rows++], line);
	}
	fuzz_check(rows == l.nrows, "%d rows from %d lines", l.nrows, rows);
	kt_listing_free(&l);
	free(copy);
	return 0;
}
