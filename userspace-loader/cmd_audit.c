// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool audit: every kfunc an object calls, its tier and registration,
 * on the running kernel or offline (kernel BTF, module BTFs and a listing
 * captured from the target kernel). The exit code is the verdict.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <linux/bpf.h>

#include "bpfobj.h"
#include "btftags.h"
#include "json.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "listing.h"
#include "table.h"
#include "util.h"

static const char audit_usage[] =
"Usage: kfunctool audit [--json] [--kernel-btf VMLINUX [--modules-btf DIR] [--listing FILE]]\n"
"                       OBJ.bpf.o...\n"
"\n"
"List every kfunc each object calls with its tier and registration (owner,\n"
"program types) and give a verdict. By default asks the running kernel\n"
"(/sys/kernel/btf, " KT_LISTING_PATH "). Offline, on any machine:\n"
"\n"
"  -k, --kernel-btf VMLINUX   the target kernel's vmlinux (or its raw BTF)\n"
"  -M, --modules-btf DIR      its modules: a directory of .ko files or raw BTF\n"
"  -l, --listing FILE         its kfunc listing, captured with\n"
"                             'cat " KT_LISTING_PATH "'; without it the\n"
"                             tiers and records come from the BTF's tier tags\n"
"                             (the kernel build writes them, and the kernel\n"
"                             refuses a module whose tags disagree with its\n"
"                             sets; no tier tag is unstable), and hooks and\n"
"                             counts are unknown\n"
"  -j, --json                 JSON instead of a table\n"
"  -h, --help                 this help\n"
"\n"
"Options may come before or after the objects; all after '--' are objects.\n"
"\n"
"A kfunc is unknown when the listing does not have it (not registered, or not\n"
"in the kernel at all). Notes also say when a program's type is not one the\n"
"kfunc is registered for, or when the object declares the kfunc with a\n"
"prototype libbpf would refuse against the kernel's BTF.\n"
"\n"
"Exit (the highest applicable wins): {OK} all stable; {AUDIT_UNSTABLE} calls an unstable kfunc;\n"
"{AUDIT_DEPRECATED} a deprecated one; {AUDIT_REMOVED} a removed one; {AUDIT_UNKNOWN} an unknown one.\n"
"Errors: {USAGE} usage; {NOFILE} missing file or listing; {NOTELF} not ELF; {NOPROGS} no BPF programs;\n"
"{NOTAGS} no --listing, and no FUNC of the kernel's BTF is tagged bpf_kfunc (a kernel built\n"
"without kfunc tags: its kfuncs cannot be told); {RUNTIME} other error (kernel BTF or listing\n"
"unreadable).\n";

#define WIDTH 96

struct finding {
	const char *name;
	bool weak;
	const char *btf_owner;			/* where the kernel BTF has it, or NULL */
	int btf_id;
	const struct btf *kb;			/* the BTF that has it */
	const struct kt_listing_row *row;	/* its listing line, or NULL */
	bool from_tags;				/* the listing is the BTF tags' */
	enum kt_tier v;
	struct kt_strv callers;			/* programs that call it */
	struct kt_strv notes;
};

static const char *hook_of(int prog_type)
{
	switch (prog_type) {
	case BPF_PROG_TYPE_XDP:			return "xdp";
	case BPF_PROG_TYPE_SCHED_CLS:		return "tc";
	case BPF_PROG_TYPE_STRUCT_OPS:		return "struct_ops";
	case BPF_PROG_TYPE_TRACING:
	case BPF_PROG_TYPE_LSM:			return "tracing";
	case BPF_PROG_TYPE_SYSCALL:		return "syscall";
	case BPF_PROG_TYPE_SK_SKB:		return "sk_skb";
	case BPF_PROG_TYPE_SOCKET_FILTER:	return "socket_filter";
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:	return "lwt";
	default:				return NULL;
	}
}

static bool csv_has(const char *csv, const char *item)
{
	size_t n = strlen(item);

	for (const char *p = csv; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, item, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

/* A kfunc the listing lacks: is it in the kernel at all? */
static void note_unlisted(struct finding *f, const struct kt_kbtf *k)
{
	const struct kt_kfunc_tags *t = NULL;

	if (f->btf_owner && f->from_tags)
		t = kt_btftags_find(kt_kbtf_tags(k, f->kb), f->btf_id);
	if (t && t->kfunc && t->error)
		kt_strv_pushf(&f->notes, "its BTF tags (%s) conflict, %s: the kernel refuses the module",
			      f->btf_owner, t->error);
	else if (f->btf_owner && f->from_tags)
		kt_strv_pushf(&f->notes, "in the kernel's BTF (%s) but not tagged bpf_kfunc there: no kfunc",
			      f->btf_owner);
	else if (f->btf_owner)
		kt_strv_pushf(&f->notes, "in the kernel's BTF (%s) but not registered as a kfunc", f->btf_owner);
	else
		kt_strv_pushf(&f->notes, "not in the kernel: neither in its BTF nor in its kfunc listing%s",
			      k->nmods ? "" : " (no module BTF was given)");
}

/* A listed kfunc: its lifecycle record, and whether the BTF agrees. */
static void note_listed(struct finding *f, const struct kt_kbtf *k)
{
	const struct kt_listing_row *r = f->row;
	char rec[1024];

	kt_tier_record(f->v, r->since, r->removal, r->replacement, rec, sizeof(rec));
	if (rec[0])
		kt_strv_pushf(&f->notes, "%s", rec);
	if (!f->btf_owner && strcmp(r->owner, "vmlinux") && !kt_kbtf_has_mod(k, r->owner))
		kt_strv_pushf(&f->notes, "BTF of module %s not given: checked against the listing only",
			      r->owner);
	else if (!f->btf_owner)
		kt_strv_pushf(&f->notes, "listed (owner %s) but not in its BTF: do the listing and the BTF come from the same kernel?",
			      r->owner);
	else if (strcmp(f->btf_owner, r->owner))
		kt_strv_pushf(&f->notes, "listed for owner %s but found in the BTF of %s", r->owner,
			      f->btf_owner);
}

/* The programs calling a listed kfunc from a type it is not registered for. */
static void note_hooks(struct finding *f, const struct kt_obj *o, const struct kt_listing *l)
{
	const struct kt_listing_row *r = f->row;

	if (f->v == KT_TIER_REMOVED)
		return;	/* rejected whatever the type */
	if (l->from_tags)
		return;	/* BTF does not say which hooks */
	for (int j = 0; j < o->nprogs; j++) {
		const char *h = hook_of(o->progs[j].type);

		/* a type with no kfunc hook in 6.1 (kprobe, ...) by its own name */
		if (!h)
			h = kt_prog_type_str(o->progs[j].type);
		if (!kt_strv_has(&o->progs[j].kfuncs, f->name) || csv_has(r->hooks, h))
			continue;
		kt_strv_pushf(&f->notes, "program %s is of type %s, for which %s is not registered (registered for: %s): the verifier will reject it",
			      o->progs[j].name, kt_prog_type_str(o->progs[j].type), f->name,
			      strcmp(r->hooks, "-") ? r->hooks : "none");
	}
}

static void note_proto(struct finding *f, const struct kt_obj *o)
{
	char why[256];

	if (f->btf_owner && o->btf &&
	    !kt_kbtf_protos_compat(o->btf, btf__find_by_name_kind(o->btf, f->name, BTF_KIND_FUNC),
				   f->kb, f->btf_id, why, sizeof(why)))
		kt_strv_pushf(&f->notes, "prototype differs from the kernel's (%s): libbpf will refuse to load it",
			      why);
}

/* What the target kernel says of @ref, the kfunc @o calls. */
static void audit_kfunc(const struct kt_obj *o, const struct kt_kfunc_ref *ref,
			const struct kt_kbtf *k, const struct kt_listing *l, struct finding *f)
{
	/* The kfunc libbpf would resolve the call to: vmlinux's, else the
	 * first module's of that name; only its row describes it.
	 */
	const char *owner = kt_kbtf_find_func(k, ref->name, NULL, NULL);
	const struct kt_listing_row *r = kt_listing_find(l, owner, ref->name);

	f->name = ref->name;
	f->weak = ref->weak;
	f->row = r;
	f->from_tags = l->from_tags;
	f->btf_owner = kt_kbtf_find_func_prefer(k, f->name, r ? r->owner : NULL,
						&f->btf_id, &f->kb);
	for (int j = 0; j < o->nprogs; j++)
		if (kt_strv_has(&o->progs[j].kfuncs, f->name))
			kt_strv_push(&f->callers, o->progs[j].name);
	if (r) {
		f->v = r->tier;
		note_listed(f, k);
		note_hooks(f, o, l);
	} else {
		f->v = KT_TIER_UNKNOWN;
		note_unlisted(f, k);
	}
	note_proto(f, o);
	if (f->weak)
		kt_strv_pushf(&f->notes, "declared __weak: the program may run without it");
}

/* The findings of every kfunc @o calls; returns the worst tier. */
static enum kt_tier audit_obj(const struct kt_obj *o, const struct kt_kbtf *k,
			      const struct kt_listing *l, struct finding **out)
{
	struct finding *fs = kt_xcalloc(o->nkfuncs, sizeof(*fs));
	enum kt_tier worst = KT_TIER_STABLE;

	for (int i = 0; i < o->nkfuncs; i++) {
		audit_kfunc(o, &o->kfuncs[i], k, l, &fs[i]);
		if (fs[i].v > worst)
			worst = fs[i].v;
	}
	*out = fs;
	return worst;
}

static void free_findings(struct finding *fs, int n)
{
	for (int i = 0; i < n; i++) {
		kt_strv_free(&fs[i].callers);
		kt_strv_free(&fs[i].notes);
	}
	free(fs);
}

static const char *const table_heads[] = { "KFUNC", "TIER", "OWNER", "HOOKS", "CALLED BY" };

/* A table row of @f, its callers (or their count, see print_finding()) last. */
static void finding_row(struct kt_table *t, const struct finding *f, const char *last)
{
	const char *cells[] = {
		f->name, kt_tier_name(f->v), f->row ? f->row->owner : "-",
		f->row && !f->from_tags ? f->row->hooks : "-", last,
	};

	kt_table_row(t, cells, ARRAY_SIZE(cells));
}

static void print_finding(struct kt_table *t, const struct finding *f)
{
	char callers[2048], count[32];

	callers[0] = '\0';
	for (int j = 0, n = 0; j < f->callers.n && n < (int)sizeof(callers); j++)
		n += snprintf(callers + n, sizeof(callers) - n, "%s%s", j ? ", " : "",
			      f->callers.v[j]);
	/* too long for the last column: a count, and the names below */
	if (f->callers.n > 1 && kt_table_last_col(t) + (int)strlen(callers) > WIDTH) {
		snprintf(count, sizeof(count), "%d programs", f->callers.n);
		finding_row(t, f, count);
		printf("      called by: ");
		kt_wrap(stdout, callers, 17, 8, WIDTH);
	} else {
		finding_row(t, f, f->callers.n ? callers : "-");
	}
	for (int j = 0; j < f->notes.n; j++) {
		printf("      ");
		kt_wrap(stdout, f->notes.v[j], 6, 8, WIDTH);
	}
}

static void print_table(const struct kt_obj *o, const struct finding *fs, enum kt_tier v)
{
	struct kt_table t;

	printf("%s: %s (exit %d)\n", o->path, kt_tier_name(v), kt_tier_exit(v));
	if (!o->nkfuncs) {
		printf("  calls no kfunc\n");
		return;
	}
	kt_table_init(&t, "  ", table_heads, ARRAY_SIZE(table_heads), 0);
	for (int i = 0; i < o->nkfuncs; i++)
		finding_row(&t, &fs[i], "");
	kt_table_head(&t);
	for (int i = 0; i < o->nkfuncs; i++)
		print_finding(&t, &fs[i]);
}

static void print_json_strv(const struct kt_strv *sv)
{
	printf("[");
	for (int j = 0; j < sv->n; j++) {
		printf("%s", j ? ", " : "");
		json_str(stdout, sv->v[j]);
	}
	printf("]");
}

static void print_json_finding(const struct finding *f)
{
	const struct kt_listing_row *r = f->row;

	json_member(stdout, "{\"name\": ", json_str, f->name);
	printf(", \"tier\": \"%s\", \"registered\": %s, \"owner\": ", kt_tier_name(f->v),
	       r ? "true" : "false");
	json_str(stdout, r ? r->owner : f->btf_owner);
	printf(", \"in_btf\": %s, \"btf_id\": ", f->btf_owner ? "true" : "false");
	if (r)
		printf("%lld", r->btf_id);
	else if (f->btf_owner)
		printf("%d", f->btf_id);
	else
		printf("null");
	/* BTF tags say nothing of hooks, flags and counts: null, unknown */
	printf(", \"hooks\": ");
	if (f->from_tags)
		printf("null");
	else
		json_csv(stdout, r ? r->hooks : NULL);
	printf(", \"flags\": ");
	if (f->from_tags)
		printf("null");
	else
		json_csv(stdout, r ? r->flags : NULL);
	json_member(stdout, ", \"since\": ", json_field, r ? r->since : NULL);
	json_member(stdout, ", \"removal\": ", json_field, r ? r->removal : NULL);
	json_member(stdout, ", \"replacement\": ", json_field, r ? r->replacement : NULL);
	printf(", \"count\": ");
	if (r && !f->from_tags)
		printf("%lld", r->count);
	else
		printf("null");
	printf(", \"weak\": %s, \"programs\": ", f->weak ? "true" : "false");
	print_json_strv(&f->callers);
	printf(", \"notes\": ");
	print_json_strv(&f->notes);
	printf("}");
}

static void print_json_obj(const struct kt_obj *o, const struct finding *fs, enum kt_tier v)
{
	json_member(stdout, "    {\"file\": ", json_str, o->path);
	printf(", \"verdict\": \"%s\", \"exit_code\": %d, \"kfuncs\": [", kt_tier_name(v),
	       kt_tier_exit(v));
	for (int i = 0; i < o->nkfuncs; i++) {
		printf("%s\n      ", i ? "," : "");
		print_json_finding(&fs[i]);
	}
	printf("%s]}", o->nkfuncs ? "\n    " : "");
}

struct audit_args {
	bool json;
	const char *kbtf;	/* offline: the target's vmlinux, */
	const char *mods;	/* its modules' BTF */
	const char *listing;	/* and its listing */
	int nobjs;		/* the objects, at argv[1] on */
};

static int take(void *ctx, int c, const char *arg)
{
	struct audit_args *a = ctx;

	switch (c) {
	case 'j': a->json = true; break;
	case 'k': a->kbtf = arg; break;
	case 'M': a->mods = arg; break;
	case 'l': a->listing = arg; break;
	}
	return 0;
}

/* -1 when the command goes on, else its exit code (--help, bad usage) */
static int parse_args(int argc, char **argv, struct audit_args *a)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "kernel-btf", required_argument, NULL, 'k' },
		{ "modules-btf", required_argument, NULL, 'M' },
		{ "listing", required_argument, NULL, 'l' },
		{}
	};
	static const struct kt_args args = { opts, audit_usage, 1, -1, "an object", take };
	int ret;

	memset(a, 0, sizeof(*a));
	ret = kt_parse_args(argc, argv, &args, a, &a->nobjs);
	if (ret < 0 && (a->mods || a->listing) && !a->kbtf) {
		kt_err("offline mode needs --kernel-btf (--modules-btf and --listing are optional)");
		ret = KT_USAGE;
	}
	return ret;
}

/* Audit and print every object; returns the worst verdict. */
static enum kt_tier report(const struct kt_obj *objs, int nobjs, bool json,
			   const struct kt_kbtf *k, const struct kt_listing *l)
{
	enum kt_tier worst = KT_TIER_STABLE;

	if (json) {
		json_member(stdout, "{\"kernel_btf\": ", json_str, k->where);
		json_member(stdout, ", \"listing\": ", json_str, l->path);
		printf(", \"objects\": [\n");
	}
	for (int i = 0; i < nobjs; i++) {
		struct finding *fs;
		enum kt_tier v = audit_obj(&objs[i], k, l, &fs);

		if (json) {
			print_json_obj(&objs[i], fs, v);
			printf("%s\n", i + 1 < nobjs ? "," : "");
		} else {
			print_table(&objs[i], fs, v);
			if (i + 1 < nobjs)
				printf("\n");
		}
		if (v > worst)
			worst = v;
		free_findings(fs, objs[i].nkfuncs);
	}
	if (json)
		printf("  ], \"verdict\": \"%s\", \"exit_code\": %d}\n", kt_tier_name(worst),
		       kt_tier_exit(worst));
	else if (nobjs > 1)
		printf("\nverdict: %s (exit %d)\n", kt_tier_name(worst), kt_tier_exit(worst));
	return worst;
}

int cmd_audit(int argc, char **argv)
{
	struct kt_listing l = {};
	struct kt_kbtf k = {};
	struct audit_args a;
	struct kt_obj *objs;
	char err[1024];
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret >= 0)
		return ret;
	kt_setup_libbpf_print();
	ret = kt_objs_open(argv + 1, a.nobjs, false, &objs, NULL);
	if (ret)
		return ret;
	ret = kt_kbtf_load(&k, a.kbtf, a.mods, NULL);
	if (ret)
		goto out;
	if (a.kbtf && !a.listing) {
		kt_kbtf_index_tags(&k);
		if (!kt_kbtf_any_kfunc(&k)) {
			kt_err("no FUNC in the BTF of %s is tagged bpf_kfunc: the kernel was built without kfunc tags, so its kfuncs cannot be told (give its --listing)",
			       k.where);
			ret = KT_NOTAGS;
			goto out;
		}
		/* As in a kernel without the tiers, where every kfunc is unstable */
		if (!kt_kbtf_any_tier(&k))
			kt_err("note: no kfunc in the BTF of %s has a tier tag: every kfunc is unstable",
			       k.where);
		kt_kbtf_listing(&k, &l);
	} else {
		ret = kt_listing_read(a.listing ? a.listing : KT_LISTING_PATH, &l, err, sizeof(err));
	}
	if (ret) {
		kt_err("%s", err);
		goto out;
	}
	ret = kt_tier_exit(report(objs, a.nobjs, a.json, &k, &l));
out:
	kt_listing_free(&l);
	kt_kbtf_free(&k);
	kt_objs_close(objs, a.nobjs);
	return ret;
}
