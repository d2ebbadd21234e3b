// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool abi-check: two kfunc ABI dumps (abi.h) compared, a rule per
 * promise of the stability tiers (Documentation/bpf/kfuncs.rst, section 3).
 * Stable and deprecated kfuncs are "kept": what a compiled program
 * depends on stays until the removal release; a tombstone keeps its name.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "json.h"
#include "kfunctool.h"
#include "util.h"

static const char abi_check_usage[] =
"Usage: kfunctool abi-check [--json] OLD.abi NEW.abi\n"
"\n"
"Compare two kfunc ABI dumps ('kfunctool abi-dump') of the same owners, OLD an\n"
"earlier release's, and print every finding: its severity, its rule, the owner\n"
"and kfunc, and the old and new value. Broken promises ('break'):\n"
"  stable-removed    a stable kfunc gone, or made a tombstone unlike a deprecation\n"
"  made-unstable     a stable or deprecated kfunc made unstable\n"
"  arg-count         a kept (stable or deprecated) kfunc's number of arguments\n"
"  type-changed      a kept kfunc's argument or return type: kind, size,\n"
"                    signedness, a pointer's target\n"
"  flag-added        a kept kfunc's KF_* flag with which fewer programs load\n"
"  deprecated-gone   a deprecated kfunc gone without a tombstone\n"
"  since-changed     a deprecated kfunc's release of deprecation\n"
"  removal-earlier   a deprecated kfunc's planned removal moved earlier\n"
"  removed-early     a deprecated kfunc made a tombstone before its planned\n"
"                    removal (when NEW's release is known)\n"
"  tombstone-gone    a tombstone dropped: its name could be taken again\n"
"  name-reused       a tombstone's name a live kfunc again\n"
"Compatible ('note'): added, promoted, deprecated, undeprecated, removed (on\n"
"plan), removal-later, record-changed, param-renamed, flags-relaxed, and\n"
"unstable-changed or unstable-removed (unstable kfuncs promise nothing). A\n"
"'warning': overdue, a deprecated kfunc still there in or after the release\n"
"planned for its removal.\n"
"\n"
"  -j, --json    one JSON object: releases, findings, counts\n"
"  -h, --help    this help\n"
"\n"
"Exit: {OK} nothing broken; {ABI_BREAK} a promise is broken; {USAGE} usage; {NOFILE} a file\n"
"does not exist; {BADDUMP} a file is not a kfunc ABI dump (or is cut short, or the\n"
"two dumps cover different owners); {RUNTIME} other error.\n";

enum severity { NOTE, WARNING, BREAK };
static const char *const severity_names[] = { "note", "warning", "break" };

struct finding {
	enum severity sev;
	const char *rule;
	const char *owner, *kfunc;
	char *what;		/* the part compared: "tier", "arg 2 b"... */
	char *old, *new;
};

struct report {
	struct finding *f;
	int n;
	int counts[3];
};

static void add(struct report *r, enum severity sev, const char *rule,
		const struct kt_abi_kfunc *k, const char *what, const char *old, const char *new)
{
	r->f = kt_xrealloc(r->f, (r->n + 1) * sizeof(*r->f));
	r->f[r->n++] = (struct finding){
		sev, rule, k->owner, k->name, kt_xstrdup(what), kt_xstrdup(old ? old : "-"),
		kt_xstrdup(new ? new : "-"),
	};
	r->counts[sev]++;
}

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The tier and record in words, for a finding: listing.c's words for a
 * record, the tier's name for a kfunc without one */
static void record(const struct kt_abi_kfunc *k, char *buf, size_t len)
{
	kt_tier_record(k->tier, k->since, k->removal, k->replacement, buf, len);
	if (!buf[0])
		snprintf(buf, len, "%s", kt_tier_name(k->tier));
}

/* What a compiled call of a kept kfunc depends on */
static void check_signature(struct report *r, const struct kt_abi_kfunc *o,
			    const struct kt_abi_kfunc *n)
{
	char what[512], a[1024], b[1024];

	if (o->nargs != n->nargs) {
		snprintf(a, sizeof(a), "%d (%s)", o->nargs, o->proto);
		snprintf(b, sizeof(b), "%d (%s)", n->nargs, n->proto);
		add(r, BREAK, "arg-count", o, "arguments", a, b);
	}
	if (strcmp(o->ret, n->ret))
		add(r, BREAK, "type-changed", o, "return type", o->ret, n->ret);
	for (int i = 0; i < o->nargs && i < n->nargs; i++) {
		snprintf(what, sizeof(what), "arg %d %s", i + 1, o->args[i].name);
		if (strcmp(o->args[i].type, n->args[i].type))
			add(r, BREAK, "type-changed", o, what, o->args[i].type, n->args[i].type);
		if (strcmp(o->args[i].name, n->args[i].name))
			add(r, NOTE, "param-renamed", o, what, o->args[i].name, n->args[i].name);
	}
	if (o->has_flags && n->has_flags && o->flags != n->flags) {
		unsigned int more = kt_kf_flags_restricting(n->flags & ~o->flags);

		kt_kf_flags_str(o->flags, a, sizeof(a));
		kt_kf_flags_str(n->flags, b, sizeof(b));
		add(r, more ? BREAK : NOTE, more ? "flag-added" : "flags-relaxed", o, "flags", a, b);
	}
}

/* A deprecated kfunc still deprecated: its record may only move later */
static void check_deprecation(struct report *r, const struct kt_abi_kfunc *o,
			      const struct kt_abi_kfunc *n)
{
	bool ok;
	int c;

	if (!same(o->since, n->since))
		add(r, BREAK, "since-changed", o, "since", o->since, n->since);
	if (!same(o->removal, n->removal)) {
		c = kt_release_cmp(n->removal, o->removal, &ok);
		if (ok && c > 0)
			add(r, NOTE, "removal-later", o, "removal", o->removal, n->removal);
		else
			add(r, BREAK, "removal-earlier", o, "removal", o->removal, n->removal);
	}
	if (!same(o->replacement, n->replacement))
		add(r, NOTE, "record-changed", o, "replacement", o->replacement, n->replacement);
}

/* A tombstone's record: changing it breaks no program, as none loads */
static void record_changes(struct report *r, const struct kt_abi_kfunc *o,
			   const struct kt_abi_kfunc *n)
{
	if (!same(o->since, n->since))
		add(r, NOTE, "record-changed", o, "since", o->since, n->since);
	if (!same(o->removal, n->removal))
		add(r, NOTE, "record-changed", o, "removal", o->removal, n->removal);
	if (!same(o->replacement, n->replacement))
		add(r, NOTE, "record-changed", o, "replacement", o->replacement, n->replacement);
}

/* A kfunc of OLD against its NEW self (NULL: gone); @release is NEW's */
static void check_kfunc(struct report *r, const struct kt_abi_kfunc *o,
			const struct kt_abi_kfunc *n, const char *release)
{
	char a[1024], b[1024];
	bool ok;

	record(o, a, sizeof(a));
	if (n)
		record(n, b, sizeof(b));
	switch (o->tier) {
	case KT_TIER_UNSTABLE:
		if (!n)
			add(r, NOTE, "unstable-removed", o, "kfunc", a, NULL);
		else if (n->tier == KT_TIER_STABLE)
			add(r, NOTE, "promoted", o, "tier", a, b);
		else if (n->tier != KT_TIER_UNSTABLE)
			add(r, NOTE, "unstable-changed", o, "tier", a, b);
		else if (strcmp(o->proto, n->proto))
			add(r, NOTE, "unstable-changed", o, "proto", o->proto, n->proto);
		if (n && n->tier == KT_TIER_UNSTABLE && o->has_flags && n->has_flags &&
		    o->flags != n->flags) {
			kt_kf_flags_str(o->flags, a, sizeof(a));
			kt_kf_flags_str(n->flags, b, sizeof(b));
			add(r, NOTE, "unstable-changed", o, "flags", a, b);
		}
		return;
	case KT_TIER_STABLE:
		if (!n || n->tier == KT_TIER_REMOVED) {
			add(r, BREAK, "stable-removed", o, "kfunc", a, n ? b : NULL);
			return;
		}
		if (n->tier == KT_TIER_UNSTABLE) {
			add(r, BREAK, "made-unstable", o, "tier", a, b);
			return;
		}
		if (n->tier == KT_TIER_DEPRECATED)
			add(r, NOTE, "deprecated", o, "tier", a, b);
		check_signature(r, o, n);
		return;
	case KT_TIER_DEPRECATED:
		if (!n) {
			add(r, BREAK, "deprecated-gone", o, "kfunc", a, NULL);
			return;
		}
		if (n->tier == KT_TIER_UNSTABLE) {
			add(r, BREAK, "made-unstable", o, "tier", a, b);
			return;
		}
		if (n->tier == KT_TIER_REMOVED) {
			/* removed in a release before the one planned */
			if (o->removal && release && kt_release_cmp(release, o->removal, &ok) < 0 && ok)
				add(r, BREAK, "removed-early", o, "tier", a, b);
			else
				add(r, NOTE, "removed", o, "tier", a, b);
			return;
		}
		if (n->tier == KT_TIER_STABLE)
			add(r, NOTE, "undeprecated", o, "tier", a, b);
		else
			check_deprecation(r, o, n);
		check_signature(r, o, n);
		return;
	case KT_TIER_REMOVED:
		if (!n)
			add(r, BREAK, "tombstone-gone", o, "kfunc", a, NULL);
		else if (n->tier != KT_TIER_REMOVED)
			add(r, BREAK, "name-reused", o, "tier", a, b);
		else
			record_changes(r, o, n);
		return;
	default:
		return;
	}
}

static void compare(struct report *r, const struct kt_abi *old, const struct kt_abi *new)
{
	char a[1024];
	bool ok;

	for (int i = 0; i < old->n; i++) {
		const struct kt_abi_kfunc *o = &old->kfuncs[i];

		check_kfunc(r, o, kt_abi_find(new, o->owner, o->name), new->release);
	}
	for (int i = 0; i < new->n; i++) {
		const struct kt_abi_kfunc *n = &new->kfuncs[i];

		if (!kt_abi_find(old, n->owner, n->name)) {
			record(n, a, sizeof(a));
			add(r, NOTE, "added", n, "kfunc", NULL, a);
		}
		/* still here in the release planned for its removal, or after */
		if (n->tier == KT_TIER_DEPRECATED && n->removal && new->release &&
		    kt_release_cmp(new->release, n->removal, &ok) >= 0 && ok)
			add(r, WARNING, "overdue", n, "planned removal, release", n->removal,
			    new->release);
	}
}

/* The dump in @path, parsed; an exit code after an error line */
static int read_dump(const char *path, struct kt_abi *abi)
{
	char err[512], *text;
	size_t len;

	text = kt_read_file(path, &len);
	if (!text) {
		kt_err("%s: %s", path, strerror(errno));
		return errno == ENOENT ? KT_NOFILE : KT_RUNTIME;
	}
	if (kt_abi_parse(text, len, abi, err, sizeof(err))) {
		kt_err("%s: %s", path, err);
		free(text);
		return KT_BADDUMP;
	}
	free(text);
	return KT_OK;
}

/* Both dumps must be of the same owners: a module's against vmlinux's
 * would report every kfunc of both as gone and added */
static bool same_owners(const struct kt_abi *old, const struct kt_abi *new, const char *op,
			const char *np)
{
	bool eq = old->owners.n == new->owners.n;

	for (int i = 0; eq && i < old->owners.n; i++)
		eq = kt_strv_has(&new->owners, old->owners.v[i]);
	if (!eq) {
		char a[1024] = "", b[1024] = "";

		for (int i = 0; i < old->owners.n; i++)
			snprintf(a + strlen(a), sizeof(a) - strlen(a), " %s", old->owners.v[i]);
		for (int i = 0; i < new->owners.n; i++)
			snprintf(b + strlen(b), sizeof(b) - strlen(b), " %s", new->owners.v[i]);
		kt_err("the dumps cover different owners: %s has%s, %s has%s (dump both with the same --module)",
		       op, a, np, b);
	}
	return eq;
}

static void print_text(const struct report *r, const struct kt_abi *old,
		       const struct kt_abi *new)
{
	for (int i = 0; i < r->n; i++) {
		const struct finding *f = &r->f[i];

		printf("%-7s %-17s %s %s: %s: ", severity_names[f->sev], f->rule, f->owner,
		       f->kfunc, f->what);
		kt_put_escaped(stdout, f->old, strlen(f->old), "");
		fputs(" -> ", stdout);
		kt_put_escaped(stdout, f->new, strlen(f->new), "");
		fputc('\n', stdout);
	}
	printf("%d broken, %d warnings, %d notes (%s -> %s)\n", r->counts[BREAK],
	       r->counts[WARNING], r->counts[NOTE], old->release ? old->release : "release unknown",
	       new->release ? new->release : "release unknown");
}

static void print_json(const struct report *r, const struct kt_abi *old,
		       const struct kt_abi *new)
{
	json_member(stdout, "{\"old_release\":", json_str, old->release);
	json_member(stdout, ",\"new_release\":", json_str, new->release);
	printf(",\"findings\":[");
	for (int i = 0; i < r->n; i++) {
		const struct finding *f = &r->f[i];

		printf("%s{\"severity\":\"%s\",\"rule\":\"%s\",\"owner\":", i ? "," : "",
		       severity_names[f->sev], f->rule);
		json_str(stdout, f->owner);
		json_member(stdout, ",\"kfunc\":", json_str, f->kfunc);
		json_member(stdout, ",\"what\":", json_str, f->what);
		json_member(stdout, ",\"old\":", json_str, f->old);
		json_member(stdout, ",\"new\":", json_str, f->new);
		printf("}");
	}
	printf("],\"broken\":%d,\"warnings\":%d,\"notes\":%d}\n", r->counts[BREAK],
	       r->counts[WARNING], r->counts[NOTE]);
}

/* --json, the only option */
static int take_json(void *json, int c, const char *arg)
{
	(void)c, (void)arg;
	*(bool *)json = true;
	return 0;
}

int cmd_abi_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{}
	};
	static const struct kt_args args = {
		opts, abi_check_usage, 2, 2, "two dumps, OLD and NEW", take_json,
	};
	struct kt_abi old = {}, new = {};
	struct report r = {};
	bool json = false;
	int nops, ret;

	ret = kt_parse_args(argc, argv, &args, &json, &nops);
	if (ret >= 0)
		return ret;
	ret = read_dump(argv[1], &old);
	if (!ret)
		ret = read_dump(argv[2], &new);
	if (ret)
		goto out;
	if (!same_owners(&old, &new, argv[1], argv[2])) {
		ret = KT_BADDUMP;
		goto out;
	}
	compare(&r, &old, &new);
	if (json)
		print_json(&r, &old, &new);
	else
		print_text(&r, &old, &new);
	ret = r.counts[BREAK] ? KT_ABI_BREAK : KT_OK;
out:
	for (int i = 0; i < r.n; i++) {
		free(r.f[i].what);
		free(r.f[i].old);
		free(r.f[i].new);
	}
	free(r.f);
	kt_abi_free(&old);
	kt_abi_free(&new);
	return ret;
}
