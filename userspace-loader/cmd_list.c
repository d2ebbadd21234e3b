// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* kfunctool list: the kernel's kfunc listing, for a person or as JSON. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "kfunctool.h"
#include "listing.h"
#include "table.h"
#include "util.h"

static const char list_usage[] =
"Usage: kfunctool list [--json] [--tier TIER] [--module MODULE] [--listing FILE]\n"
"\n"
"Show every registered kfunc with its owner, kfunc hooks, tier, other KF_*\n"
"flags, lifecycle record and usage counts, from the kernel's listing\n"
KT_LISTING_PATH " (root only; debugfs must be mounted).\n"
"\n"
"  -j, --json            JSON array, one object per kfunc\n"
"  -t, --tier TIER       only kfuncs of TIER: {TIERS}\n"
"  -m, --module MODULE   only kfuncs owned by MODULE ('vmlinux' for the kernel's)\n"
"  -l, --listing FILE    read a listing captured earlier instead\n"
"  -h, --help            this help\n"
"\n"
"COUNT is, for a live kfunc, the number of programs loaded calling it; for a\n"
"removed kfunc, the number of loads it rejected (libbpf, when the caller gave\n"
"it no log buffer, loads a rejected program again for its log: two loads).\n"
"LOADED is the number of programs calling it that are loaded now. HOOKS are\n"
"the kernel's kfunc hooks (tc: sched_cls and sched_act; tracing: tracing, lsm\n"
"and more), not program types.\n"
"\n"
"Exit: {OK} shown; {USAGE} usage; {NOFILE} no listing; {RUNTIME} listing unreadable or malformed.\n";

static void lifecycle_text(const struct kt_listing_row *r, char *buf, size_t len)
{
	bool removed = r->tier == KT_TIER_REMOVED;

	buf[0] = '\0';
	if (!strcmp(r->since, "-") && !strcmp(r->removal, "-") && !strcmp(r->replacement, "-"))
		return;
	snprintf(buf, len, "%s%s%s%s%s%s%s", strcmp(r->since, "-") ? "deprecated since " : "",
		 strcmp(r->since, "-") ? r->since : "",
		 strcmp(r->removal, "-") ? (strcmp(r->since, "-") ? ", " : "") : "",
		 strcmp(r->removal, "-") ? (removed ? "removed in " : "removal planned for ") : "",
		 strcmp(r->removal, "-") ? r->removal : "",
		 strcmp(r->replacement, "-") ? ", replacement: " : "",
		 strcmp(r->replacement, "-") ? r->replacement : "");
}

static void print_json(const struct kt_listing_row **rows, int n)
{
	printf("[");
	for (int i = 0; i < n; i++) {
		const struct kt_listing_row *r = rows[i];

		printf("%s\n  {\"name\": ", i ? "," : "");
		json_str(stdout, r->name);
		json_member(stdout, ", \"owner\": ", json_str, r->owner);
		printf(", \"btf_id\": %lld, \"hooks\": ", r->btf_id);
		json_csv(stdout, r->hooks);
		json_member(stdout, ", \"tier\": ", json_str, kt_tier_name(r->tier));
		json_member(stdout, ", \"flags\": ", json_csv, r->flags);
		json_member(stdout, ", \"since\": ", json_field, r->since);
		json_member(stdout, ", \"removal\": ", json_field, r->removal);
		json_member(stdout, ", \"replacement\": ", json_field, r->replacement);
		printf(", \"count\": %lld, \"loaded\": %lld}", r->count, r->loaded);
	}
	printf("%s]\n", n ? "\n" : "");
}

static const char *const table_heads[] = {
	"NAME", "OWNER", "TIER", "COUNT", "LOADED", "HOOKS", "FLAGS",
};
#define COUNTS ((1u << 3) | (1u << 4))	/* COUNT and LOADED: right-aligned */

static void table_row(struct kt_table *t, const struct kt_listing_row *r)
{
	char count[24], loaded[24];
	const char *cells[] = { r->name, r->owner, kt_tier_name(r->tier), count, loaded, r->hooks,
				r->flags };

	snprintf(count, sizeof(count), "%lld", r->count);
	snprintf(loaded, sizeof(loaded), "%lld", r->loaded);
	kt_table_row(t, cells, ARRAY_SIZE(cells));
}

static void print_table(const struct kt_listing_row **rows, int n)
{
	struct kt_table t;

	kt_table_init(&t, "", table_heads, ARRAY_SIZE(table_heads), COUNTS);
	for (int i = 0; i < n; i++)
		table_row(&t, rows[i]);
	kt_table_head(&t);
	for (int i = 0; i < n; i++) {
		char lc[1024];

		table_row(&t, rows[i]);
		lifecycle_text(rows[i], lc, sizeof(lc));
		if (lc[0]) {
			printf("    ");
			kt_wrap(stdout, lc, 4, 6, 96);
		}
	}
}

struct list_args {
	bool json;
	int tier;	/* -1: all */
	const char *module;
	const char *path;
};

static int take(void *ctx, int c, const char *arg)
{
	struct list_args *a = ctx;

	switch (c) {
	case 'j':
		a->json = true;
		break;
	case 't':
		a->tier = kt_tier_option(arg);
		return a->tier < 0 ? -1 : 0;
	case 'm':
		a->module = arg;
		break;
	case 'l':
		a->path = arg;
		break;
	}
	return 0;
}

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "tier", required_argument, NULL, 't' },
		{ "module", required_argument, NULL, 'm' },
		{ "listing", required_argument, NULL, 'l' },
		{}
	};
	static const struct kt_args args = { opts, list_usage, 0, 0, NULL, take };
	struct list_args a = { .tier = -1, .path = KT_LISTING_PATH };
	const struct kt_listing_row **rows;
	struct kt_listing l;
	char err[512];
	int n = 0, nops, ret;

	ret = kt_parse_args(argc, argv, &args, &a, &nops);
	if (ret >= 0)
		return ret;
	ret = kt_listing_read(a.path, &l, err, sizeof(err));
	if (ret) {
		kt_err("%s", err);
		return ret;
	}
	rows = kt_xcalloc(l.nrows, sizeof(*rows));
	for (int i = 0; i < l.nrows; i++) {
		if (a.tier >= 0 && l.rows[i].tier != (enum kt_tier)a.tier)
			continue;
		if (a.module && strcmp(l.rows[i].owner, a.module))
			continue;
		rows[n++] = &l.rows[i];
	}
	if (a.json)
		print_json(rows, n);
	else if (n)
		print_table(rows, n);
	else
		kt_err("no kfunc matches");
	free(rows);
	kt_listing_free(&l);
	return KT_OK;
}
