// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool try: load each program once (honouring its __sysctl tags) and
 * show a person what happened: program, kfuncs called, their tier, the
 * outcome and the kernel's own words.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "bpfobj.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "listing.h"
#include "runner.h"
#include "sysctl.h"
#include "table.h"
#include "util.h"

#define WIDTH 96
#define DETAIL_INDENT 4
#define DETAIL_LABEL 10

static const char try_usage[] =
"Usage: kfunctool try [--strict] OBJ.bpf.o...\n"
"\n"
"Load every program of every object on its own (with the sysctls its\n"
"__sysctl tags ask for) and print a table: program, kfunc(s) it calls, their\n"
"tier (from " KT_LISTING_PATH ", '?' without it), what happened\n"
"(loaded / loaded with warning / rejected) and the kernel's own words.\n"
"\n"
"  -s, --strict load with BPF_F_DENY_DEPRECATED_KFUNCS: deprecated kfunc calls\n"
"               are rejected whatever kernel.bpf_kfunc_deprecation says\n"
"  -h, --help   this help\n"
"\n"
"Options may come before or after the objects; all after '--' are objects.\n"
"\n"
"Exit: {OK} shown; {USAGE} usage; {NOFILE} missing file; {NOTELF} not ELF; {NOPROGS} no BPF programs;\n"
"{NOKFUNC} a kfunc the running kernel lacks; {BADEXPECT} malformed expectations; {RUNTIME} other error.\n";

struct row {
	char *prog;
	const struct kt_prog *p;
	struct kt_run run;
	struct kt_strv dmesg;	/* kernel log lines about kfuncs */
	char err[512];
};

static void detail(const char *label, const char *text)
{
	char l[32];

	snprintf(l, sizeof(l), "%s:", label);
	printf("%*s", DETAIL_INDENT, "");
	kt_pad(stdout, l, DETAIL_LABEL);
	kt_wrap(stdout, text, DETAIL_INDENT + DETAIL_LABEL, DETAIL_INDENT + DETAIL_LABEL, WIDTH);
}

/* What the tiers of the table come from */
struct tiers {
	const struct kt_listing *l;	/* NULL without a listing */
	const struct kt_kbtf *k;	/* the running kernel's BTF, maybe empty */
};

static const char *tier_of(const struct tiers *tiers, const char *kfunc)
{
	const struct kt_listing *l = tiers->l;
	/* The row of the kfunc libbpf resolves the call to, as audit does */
	const char *owner = kt_kbtf_find_func(tiers->k, kfunc, NULL, NULL);
	const struct kt_listing_row *r = l ? kt_listing_find(l, owner, kfunc) : NULL;

	return r ? kt_tier_name(r->tier) : (l ? "unknown" : "?");
}

static void run_row(const struct kt_obj *o, const struct kt_prog *p, struct row *row)
{
	struct kt_span span;

	row->p = p;
	if (kt_span_begin(&span, &p->expect, row->err, sizeof(row->err)))
		return;
	kt_run_once(o, p, &row->run);
	if (kt_span_end(&span) && !row->err[0])
		snprintf(row->err, sizeof(row->err), "could not restore a sysctl");
	for (int i = 0; i < span.dmesg.n; i++)
		if (strstr(span.dmesg.v[i], "kfunc"))
			kt_strv_push(&row->dmesg, span.dmesg.v[i]);
	kt_span_free(&span);
	if (!row->err[0] && row->run.setup_err[0])
		snprintf(row->err, sizeof(row->err), "%s", row->run.setup_err);
}

static void outcome(const struct row *row, char *buf, size_t len)
{
	const struct kt_run *r = &row->run;
	const struct kt_expect *e = &row->p->expect;
	char *dep = r->loaded ? kt_log_deprecation(r->log) : NULL;
	size_t n;

	if (row->err[0])
		n = snprintf(buf, len, "error");
	else if (!r->loaded)
		n = snprintf(buf, len, "rejected");
	else if (dep || row->dmesg.n)
		n = snprintf(buf, len, "loaded with warning");
	else
		n = snprintf(buf, len, "loaded");
	free(dep);
	if (n >= len || row->err[0])
		return;
	if (r->loaded && r->ran && !r->run_err[0])
		n += snprintf(buf + n, len - n, ", ran: %lld",
			      r->value_size == 4 ? (long long)(int)r->value : (long long)r->value);
	else if (r->loaded && r->run_err[0])
		n += snprintf(buf + n, len - n, ", run failed");
	if (n < len && e->has_outcome && e->expect_failure == r->loaded)
		snprintf(buf + n, len - n, " (expected %s)", e->expect_failure ? "rejected" : "loaded");
}

static const char *const table_heads[] = { "PROGRAM", "KFUNC", "TIER", "RESULT" };

/* The table rows of @row: its first kfunc beside the outcome, the others below. */
static void table_rows(struct kt_table *t, const struct row *row, const struct tiers *tiers)
{
	const struct kt_strv *k = &row->p->kfuncs;
	char res[256];
	const char *cells[] = {
		row->prog, k->n ? k->v[0] : "-", k->n ? tier_of(tiers, k->v[0]) : "-", res,
	};

	outcome(row, res, sizeof(res));
	kt_table_row(t, cells, ARRAY_SIZE(cells));
	for (int j = 1; j < k->n; j++) {
		const char *more[] = { "", k->v[j], tier_of(tiers, k->v[j]) };

		kt_table_row(t, more, ARRAY_SIZE(more));
	}
}

/* The lines under a program's rows: sysctls set, the kernel's own words. */
static void details(const struct row *row)
{
	const struct kt_run *r = &row->run;
	char *words;

	for (int j = 0; j < row->p->expect.nsysctls; j++) {
		char kv[512];

		snprintf(kv, sizeof(kv), "%s=%s", row->p->expect.sysctls[j].key,
			 row->p->expect.sysctls[j].val);
		detail("sysctl", kv);
	}
	if (row->err[0]) {
		detail("error", row->err);
		return;
	}
	words = r->loaded ? kt_log_deprecation(r->log) : kt_log_reason(r->log);
	if (words)
		detail("verifier", words);
	else if (!r->loaded)
		detail("verifier", kt_errstr(r->err));
	free(words);
	for (int j = 0; j < row->dmesg.n; j++)
		detail("dmesg", row->dmesg.v[j]);
	if (r->run_err[0])
		detail("run", r->run_err);
}

static void print_table(const struct row *rows, int nrows, const struct tiers *tiers)
{
	struct kt_table t;

	kt_table_init(&t, "", table_heads, ARRAY_SIZE(table_heads), 0);
	for (int i = 0; i < nrows; i++)
		table_rows(&t, &rows[i], tiers);
	kt_table_head(&t);
	for (int i = 0; i < nrows; i++) {
		table_rows(&t, &rows[i], tiers);
		details(&rows[i]);
	}
}

/* --strict, the only option, sets a global */
static int take_strict(void *ctx, int c, const char *arg)
{
	(void)ctx, (void)c, (void)arg;
	kt_strict = true;
	return 0;
}

int cmd_try(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "strict", no_argument, NULL, 's' },
		{}
	};
	static const struct kt_args args = { opts, try_usage, 1, -1, "an object", take_strict };
	struct kt_listing listing, *l = NULL;
	struct kt_kbtf kb = {};
	struct kt_obj *objs;
	struct row *rows = NULL;
	struct utsname u;
	char err[512], kerr[256], pol[64];
	int nobjs, nrows = 0, ret;

	ret = kt_parse_args(argc, argv, &args, NULL, &nobjs);
	if (ret >= 0)
		return ret;
	ret = kt_objs_open_to_run(argv + 1, nobjs, &objs, &nrows);
	if (ret)
		return ret;

	if (kt_listing_read(KT_LISTING_PATH, &listing, err, sizeof(err)) == 0)
		l = &listing;
	else
		snprintf(err, sizeof(err), "no %s", KT_LISTING_PATH);
	/* Without it, the listing is looked up by name alone */
	if (l && kt_kbtf_load_running(&kb, kerr, sizeof(kerr)))
		kt_kbtf_free(&kb);
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "?");
	if (kt_sysctl_read("kernel.bpf_kfunc_deprecation", pol, sizeof(pol)))
		snprintf(pol, sizeof(pol), "(none)");
	printf("kernel %s, kernel.bpf_kfunc_deprecation=%s, tiers %s%s%s\n\n", u.release, pol,
	       l ? "from " KT_LISTING_PATH : "unknown (", l ? "" : err, l ? "" : ")");

	rows = kt_xcalloc(nrows, sizeof(*rows));
	nrows = 0;
	for (int i = 0; i < nobjs; i++) {
		for (int j = 0; j < objs[i].nprogs; j++) {
			struct row *row = &rows[nrows++];
			char name[512];

			snprintf(name, sizeof(name), "%s%s%s", nobjs > 1 ? objs[i].name : "",
				 nobjs > 1 ? "/" : "", objs[i].progs[j].name);
			row->prog = kt_xstrdup(name);
			run_row(&objs[i], &objs[i].progs[j], row);
			if (row->err[0])
				ret = KT_RUNTIME;
		}
	}
	print_table(rows, nrows, &(struct tiers){ .l = l, .k = &kb });
	for (int i = 0; i < nrows; i++) {
		free(rows[i].prog);
		kt_run_free(&rows[i].run);
		kt_strv_free(&rows[i].dmesg);
	}
	free(rows);
	kt_kbtf_free(&kb);
	if (l)
		kt_listing_free(l);
	kt_objs_close(objs, nobjs);
	return ret;
}
