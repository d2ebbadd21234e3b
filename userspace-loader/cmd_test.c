// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool test: load every program of every object on its own, compare
 * what happened with the expectations in the object's BTF, print KTAP.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpfobj.h"
#include "kfunctool.h"
#include "ktap.h"
#include "runner.h"
#include "util.h"

#define LOG_TAIL_LINES 40
#define KT_STR2(x) #x
#define KT_STR(x) KT_STR2(x)

static const char test_usage[] =
"Usage: kfunctool test [-v] [--strict] [--layers LIST] OBJ.bpf.o...\n"
"\n"
"Load every program of every object on its own, check it against the\n"
"expectations written beside it (BTF decl tags, see expect.h) and print\n"
"the results as KTAP: one test per program, named OBJ/PROG.\n"
"\n"
"  -v, --verbose   print verifier logs, return values and kernel-log lines\n"
"                  as '# ' lines; show libbpf's messages on stderr\n"
"  -s, --strict    load with BPF_F_DENY_DEPRECATED_KFUNCS: deprecated kfunc\n"
"                  calls are rejected whatever kernel.bpf_kfunc_deprecation says\n"
"  -l, --layers LIST\n"
"                  the layers of the series the kernel has, e.g. \"fixes core\"\n"
"                  (names apart by spaces or commas, qemu-boot/series): a\n"
"                  program tagged __layer(L), \"core\" when untagged, is left\n"
"                  out unless L is one of them; by default all run\n"
"  -h, --help      this help\n"
"\n"
"Options may come before or after the objects; all after '--' are objects.\n"
"\n"
"Expectations: __success, __failure, __msg, __not_msg, __log_level, __tight_log,\n"
"__retval, __result_var, __trigger, __dmesg, __not_dmesg, __dmesg_count,\n"
"__dmesg_per_minute, __sysctl,\n"
"__repeat, __flag, __fresh_warnings, __layer.\n"
"\n"
"Exit: {OK} all matched; {MISMATCH} a mismatch; {USAGE} usage; {NOFILE} missing file; {NOTELF} not ELF;\n"
"{NOPROGS} no BPF programs; {NOKFUNC} a kfunc the running kernel lacks; {BADEXPECT} malformed\n"
"expectations; {RUNTIME} other runtime error (a test could not be set up).\n";

struct diags {
	struct kt_strv v;
};

static unsigned long long mask(unsigned long long v, int size)
{
	return size >= 8 ? v : v & ((1ull << (size * 8)) - 1);
}

/* Whether @v is a value of a @size-byte variable, signed or unsigned:
 * masking would otherwise make __retval(4294967296) match a 0. */
static bool fits(long long v, int size)
{
	return size >= 8 || (v >= -(1ll << (size * 8 - 1)) && v < (1ll << (size * 8)));
}

/* Compare one load with the expectations; one diagnostic per mismatch. */
static void check_load(const struct kt_prog *p, const struct kt_run *r, const char *pfx,
		       struct diags *d)
{
	const struct kt_expect *e = &p->expect;
	const char *log = r->log ? r->log : "";
	const char *pos = log;

	if (r->setup_err[0]) {
		kt_strv_pushf(&d->v, "%serror: %s", pfx, r->setup_err);
		return;
	}
	if (e->expect_failure && r->loaded) {
		char *w = kt_log_deprecation(log);

		kt_strv_pushf(&d->v, "%sexpected: rejected (__failure); got: loaded%s%s", pfx,
			      w ? " with warning: " : "", w ? w : "");
		free(w);
	} else if (!e->expect_failure && !r->loaded) {
		char *what = kt_load_failure(r->err, log, "(no verifier message)");

		kt_strv_pushf(&d->v, "%sexpected: loaded (__success); got: %s", pfx, what);
		free(what);
	}
	for (int i = 0; i < e->msgs.n; i++) {
		const char *m = strstr(pos, e->msgs.v[i]);

		if (m) {
			pos = m + strlen(e->msgs.v[i]);
			continue;
		}
		if (strstr(log, e->msgs.v[i]))
			kt_strv_pushf(&d->v, "%sexpected: verifier log contains \"%s\" (__msg %d of %d) after the previous __msg; got: only before it",
				      pfx, e->msgs.v[i], i + 1, e->msgs.n);
		else
			kt_strv_pushf(&d->v, "%sexpected: verifier log contains \"%s\" (__msg %d of %d); got: not in the log",
				      pfx, e->msgs.v[i], i + 1, e->msgs.n);
	}
	for (int i = 0; i < e->not_msgs.n; i++) {
		char *l = kt_line_containing(log, e->not_msgs.v[i]);

		if (l)
			kt_strv_pushf(&d->v, "%sexpected: verifier log without \"%s\" (__not_msg); got: \"%s\"",
				      pfx, e->not_msgs.v[i], l);
		free(l);
	}
	if (!r->loaded || !kt_expect_wants_run(e))
		return;
	if (r->run_err[0]) {
		kt_strv_pushf(&d->v, "%sexpected: the program runs; got: %s", pfx, r->run_err);
		return;
	}
	if (e->has_retval && !fits(e->retval, r->value_size)) {
		kt_strv_pushf(&d->v, "%sexpected: %s %lld (__retval); got: a %d-byte value, which cannot be that",
			      pfx, e->result_var ? e->result_var : "return value", e->retval, r->value_size);
	} else if (e->has_retval &&
		   mask(r->value, r->value_size) != mask((unsigned long long)e->retval, r->value_size)) {
		kt_strv_pushf(&d->v, "%sexpected: %s %lld (__retval); got: %lld (%#llx)", pfx,
			      e->result_var ? e->result_var : "return value", e->retval,
			      r->value_size == 4 ? (long long)(int)r->value : (long long)r->value,
			      r->value);
	}
}

static void check_dmesg(const struct kt_expect *e, const struct kt_span *s, struct diags *d)
{
	const struct kt_strv *l = &s->dmesg;
	int at = 0;

	for (int i = 0; i < e->dmesg.n; i++) {
		int j;

		for (j = at; j < l->n; j++)
			if (strstr(l->v[j], e->dmesg.v[i]))
				break;
		if (j < l->n) {
			at = j + 1;
			continue;
		}
		kt_strv_pushf(&d->v, "expected: kernel log line containing \"%s\" (__dmesg %d of %d); got: none of the %d new line(s)%s",
			      e->dmesg.v[i], i + 1, e->dmesg.n, l->n - at, at ? " after the previous match" : "");
	}
	for (int i = 0; i < e->not_dmesg.n; i++)
		for (int j = 0; j < l->n; j++)
			if (strstr(l->v[j], e->not_dmesg.v[i])) {
				kt_strv_pushf(&d->v, "expected: no kernel log line containing \"%s\" (__not_dmesg); got: \"%s\"",
					      e->not_dmesg.v[i], l->v[j]);
				break;
			}
	for (int i = 0; i < e->ncounts; i++) {
		const struct kt_dmesg_count *c = &e->counts[i];
		long long n = 0;

		for (int j = 0; j < l->n; j++)
			n += strstr(l->v[j], c->needle) != NULL;
		if (n < c->lo || n > c->hi)
			kt_strv_pushf(&d->v, "expected: %lld..%lld kernel log line(s) containing \"%s\" (__dmesg_count); got: %lld",
				      c->lo, c->hi, c->needle, n);
	}
	/*
	 * One line at the start and one a minute at most after it, however
	 * long the test took; a second of slack, as the kernel counts the
	 * minute in jiffies and the span is timed on CLOCK_MONOTONIC
	 */
	for (int i = 0; i < e->per_minute.n; i++) {
		long long n = 0, max = 1 + (s->ns / 1000000 + 1000) / 60000;

		for (int j = 0; j < l->n; j++)
			n += strstr(l->v[j], e->per_minute.v[i]) != NULL;
		if (n < 1 || n > max)
			kt_strv_pushf(&d->v, "expected: 1..%lld kernel log line(s) containing \"%s\" in the test's %lld s (__dmesg_per_minute); got: %lld",
				      max, e->per_minute.v[i], s->ns / 1000000000, n);
	}
}

static void print_log(const char *title, const char *log, bool tail_only)
{
	const char *p = log;
	int lines = 0;

	for (const char *c = log; *c; c++)
		lines += *c == '\n';
	if (tail_only && lines > LOG_TAIL_LINES) {
		for (int skip = lines - LOG_TAIL_LINES; skip > 0; p++)
			skip -= *p == '\n';
		ktap_diag("%s (last %d of %d lines):", title, LOG_TAIL_LINES, lines);
	} else {
		ktap_diag("%s:", title);
	}
	ktap_diag_block("  ", *p ? p : "(empty)");
}

/* Run one test; returns 0 matched, 1 mismatch, 8 could not be set up. */
static int run_test(const struct kt_obj *o, const struct kt_prog *p, int n)
{
	const struct kt_expect *e = &p->expect;
	struct diags d = {};
	struct kt_span span;
	char err[512], name[512], *shown_log = NULL;
	bool setup_failed = false;
	int i, ndiags;

	snprintf(name, sizeof(name), "%s/%s", o->name, p->name);
	if (kt_span_begin(&span, e, err, sizeof(err))) {
		ktap_diag("%s: error: %s", name, err);
		ktap_result(n, false, name);
		return KT_RUNTIME;
	}
	for (i = 1; i <= e->repeat; i++) {
		struct kt_run r;
		char pfx[64] = "";
		int before = d.v.n;

		if (e->repeat > 1)
			snprintf(pfx, sizeof(pfx), "load %d of %d: ", i, e->repeat);
		kt_run_next(o, p, &r);
		setup_failed = r.setup_err[0] != '\0';
		check_load(p, &r, pfx, &d);
		if (kt_verbose && (i == 1 || d.v.n > before)) {
			char title[700];

			if (e->repeat > 1)
				snprintf(title, sizeof(title), "%s: verifier log (load %d of %d)",
					 name, i, e->repeat);
			else
				snprintf(title, sizeof(title), "%s: verifier log", name);
			print_log(title, r.log ? r.log : "", false);
			if (r.ran && !r.run_err[0])
				ktap_diag("%s: %s: %llu", name,
					  e->result_var ? e->result_var : "retval", r.value);
		}
		if (d.v.n > before && !shown_log && r.log)
			shown_log = kt_xstrdup(r.log);
		kt_run_free(&r);
		if (d.v.n > before)
			break;	/* the first failing load says enough */
	}
	kt_run_done();
	if (kt_span_end(&span)) {
		kt_strv_pushf(&d.v, "error: could not restore a sysctl");
		setup_failed = true;
	}
	if (kt_verbose)
		for (i = 0; i < span.dmesg.n; i++)
			ktap_diag("%s: dmesg: %s", name, span.dmesg.v[i]);
	check_dmesg(e, &span, &d);

	for (i = 0; i < d.v.n; i++)
		ktap_diag("%s: %s", name, d.v.v[i]);
	if (d.v.n && !kt_verbose && shown_log)
		print_log("verifier log", shown_log, true);
	if (d.v.n && !kt_verbose && kt_expect_wants_dmesg(e)) {
		int from = span.dmesg.n > LOG_TAIL_LINES ? span.dmesg.n - LOG_TAIL_LINES : 0;

		ktap_diag("kernel log during the test (%s%d line(s)):", from ? "last " KT_STR(LOG_TAIL_LINES) " of " : "",
			  span.dmesg.n);
		for (i = from; i < span.dmesg.n; i++)
			ktap_diag("  %s", span.dmesg.v[i]);
	}
	ndiags = d.v.n;
	ktap_result(n, ndiags == 0, name);

	free(shown_log);
	kt_span_free(&span);
	kt_strv_free(&d.v);
	if (setup_failed)
		return KT_RUNTIME;
	return ndiags ? KT_MISMATCH : KT_OK;
}

/* Whether @layer is a word of @layers, words apart by spaces or commas */
static bool layer_in(const char *layers, const char *layer)
{
	size_t len = strlen(layer);

	for (const char *w = layers; *w; ) {
		size_t n = strcspn(w, " ,");

		if (n == len && !strncmp(w, layer, len))
			return true;
		w += n;
		w += strspn(w, " ,");
	}
	return false;
}

/* The program runs on a kernel with @layers (NULL: every layer) */
static bool prog_wanted(const struct kt_prog *p, const char *layers)
{
	return !layers || layer_in(layers, p->expect.layer ? p->expect.layer : "core");
}

/* -v and -s set the globals; --layers is the one option of its own */
static int take(void *layers, int c, const char *arg)
{
	switch (c) {
	case 'v': kt_verbose = 1; break;
	case 's': kt_strict = true; break;
	case 'l': *(const char **)layers = arg; break;
	}
	return 0;
}

int cmd_test(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "strict", no_argument, NULL, 's' },
		{ "layers", required_argument, NULL, 'l' },
		{}
	};
	static const struct kt_args args = { opts, test_usage, 1, -1, "an object", take };
	int nobjs, ntests = 0, nout = 0, n = 0, ret;
	const char *layers = NULL;
	struct kt_obj *objs;

	ret = kt_parse_args(argc, argv, &args, &layers, &nobjs);
	if (ret >= 0)
		return ret;
	ret = KT_OK;
	ret = kt_objs_open_to_run(argv + 1, nobjs, &objs, &ntests);
	if (ret)
		return ret;

	for (int i = 0; i < nobjs; i++)
		for (int j = 0; j < objs[i].nprogs; j++)
			nout += !prog_wanted(&objs[i].progs[j], layers);
	ktap_header(ntests - nout);
	if (nout)
		ktap_diag("%d program(s) of layers other than \"%s\" left out", nout, layers);
	for (int i = 0; i < nobjs; i++) {
		for (int j = 0; j < objs[i].nprogs; j++) {
			int r;

			if (!prog_wanted(&objs[i].progs[j], layers))
				continue;
			r = run_test(&objs[i], &objs[i].progs[j], ++n);

			if (r > ret)
				ret = r;
		}
	}
	kt_objs_close(objs, nobjs);
	return ret;
}
