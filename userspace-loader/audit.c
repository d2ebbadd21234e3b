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
#include "json.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "listing.h"
#include "util.h"

static const char audit_usage[] =
"Usage: kfunctool audit [--json] [--kernel-btf VMLINUX [--modules-btf DIR] --listing FILE]\n"
"                       OBJ.bpf.o...\n"
"\n"
"List every kfunc each object calls with its tier and registration (owner,\n"
"program types) and give a verdict. By default asks the running kernel\n"
"(/sys/kernel/btf, " KT_LISTING_PATH "). Offline, on any machine:\n"
"\n"
"  -k, --kernel-btf VMLINUX   the target kernel's vmlinux (or its raw BTF)\n"
"  -M, --modules-btf DIR      its modules: a directory of .ko files or raw BTF\n"
"  -l, --listing FILE         its kfunc listing, captured with\n"
"                             'cat " KT_LISTING_PATH "'\n"
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
"Exit (the highest applicable wins): 0 all stable; 10 calls an unstable kfunc;\n"
"11 a deprecated one; 12 a removed one; 13 an unknown one.\n"
"Errors: 2 usage; 3 missing file or listing; 4 not ELF; 5 no BPF programs;\n"
"8 other error (kernel BTF or listing unreadable).\n";

#define WIDTH 96

enum verdict { V_STABLE, V_UNSTABLE, V_DEPRECATED, V_REMOVED, V_UNKNOWN };

static const char *const verdict_name[] = {
	"stable", "unstable", "deprecated", "removed", "unknown",
};
static const int verdict_exit[] = {
	KT_OK, KT_AUDIT_UNSTABLE, KT_AUDIT_DEPRECATED, KT_AUDIT_REMOVED, KT_AUDIT_UNKNOWN,
};

struct finding {
	const char *name;
	bool weak;
	const char *btf_owner;			/* where the kernel BTF has it, or NULL */
	int btf_id;
	const struct kt_listing_row *row;	/* its listing line, or NULL */
	enum verdict v;
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

static void note(struct finding *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(struct finding *f, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	kt_strv_push(&f->notes, buf);
}

static bool has_mod(const struct kt_kbtf *k, const char *name)
{
	for (int i = 0; i < k->nmods; i++)
		if (!strcmp(k->mods[i].name, name))
			return true;
	return false;
}

static enum verdict audit_obj(struct kt_obj *o, const struct kt_kbtf *k,
			      const struct kt_listing *l, struct finding **out, int *nout)
{
	struct finding *fs = kt_xcalloc(o->nkfuncs, sizeof(*fs));
	enum verdict worst = V_STABLE;

	for (int i = 0; i < o->nkfuncs; i++) {
		struct finding *f = &fs[i];
		const struct kt_listing_row *r;
		const struct btf *kb = NULL;
		char why[256];

		f->name = o->kfuncs[i].name;
		f->weak = o->kfuncs[i].weak;
		f->row = r = kt_listing_find(l, f->name);
		f->btf_owner = kt_kbtf_find_func_prefer(k, f->name, r ? r->owner : NULL,
							&f->btf_id, &kb);
		for (int j = 0; j < o->nprogs; j++)
			if (kt_strv_has(&o->progs[j].kfuncs, f->name))
				kt_strv_push(&f->callers, o->progs[j].name);

		if (!r) {
			f->v = V_UNKNOWN;
			if (f->btf_owner)
				note(f, "in the kernel's BTF (%s) but not registered as a kfunc", f->btf_owner);
			else
				note(f, "not in the kernel: neither in its BTF nor in its kfunc listing%s",
				     k->nmods ? "" : " (no module BTF was given)");
		} else {
			switch (kt_tier_rank(r->tier)) {
			case 0: f->v = V_STABLE; break;
			case 1: f->v = V_UNSTABLE; break;
			case 2: f->v = V_DEPRECATED; break;
			default: f->v = V_REMOVED; break;
			}
			if (f->v == V_DEPRECATED)
				note(f, "deprecated since %s, removal planned for %s, replacement: %s",
				     r->since, r->removal, r->replacement);
			else if (f->v == V_REMOVED)
				note(f, "removed in %s, replacement: %s", r->removal, r->replacement);
			if (!f->btf_owner && strcmp(r->owner, "vmlinux") && !has_mod(k, r->owner))
				note(f, "BTF of module %s not given: checked against the listing only",
				     r->owner);
			else if (!f->btf_owner)
				note(f, "listed (owner %s) but not in its BTF: do the listing and the BTF come from the same kernel?",
				     r->owner);
			else if (strcmp(f->btf_owner, r->owner))
				note(f, "listed for owner %s but found in the BTF of %s", r->owner,
				     f->btf_owner);
			for (int j = 0; j < o->nprogs; j++) {
				const char *h = hook_of(o->progs[j].type);

				/* a type with no kfunc hook in 6.1 (kprobe, ...) by its own name */
				if (!h)
					h = kt_prog_type_str(o->progs[j].type);
				if (f->v == V_REMOVED || !kt_strv_has(&o->progs[j].kfuncs, f->name) ||
				    csv_has(r->hooks, h))
					continue;
				note(f, "program %s is of type %s, for which %s is not registered (registered for: %s): the verifier will reject it",
				     o->progs[j].name, kt_prog_type_str(o->progs[j].type), f->name,
				     strcmp(r->hooks, "-") ? r->hooks : "none");
			}
		}
		if (f->btf_owner && o->btf &&
		    !kt_kbtf_protos_compat(o->btf, btf__find_by_name_kind(o->btf, f->name, BTF_KIND_FUNC),
					   kb, f->btf_id, why, sizeof(why)))
			note(f, "prototype differs from the kernel's (%s): libbpf will refuse to load it",
			     why);
		if (f->weak)
			note(f, "declared __weak: the program may run without it");
		if (f->v > worst)
			worst = f->v;
	}
	*out = fs;
	*nout = o->nkfuncs;
	return worst;
}

static void print_table(const struct kt_obj *o, struct finding *fs, int n, enum verdict v)
{
	int wn = 5, wt = 4, wo = 5, wp = 5;

	printf("%s: %s (exit %d)\n", o->path, verdict_name[v], verdict_exit[v]);
	if (!n) {
		printf("  calls no kfunc\n");
		return;
	}
	for (int i = 0; i < n; i++) {
		const char *owner = fs[i].row ? fs[i].row->owner : "-";
		const char *pt = fs[i].row ? fs[i].row->hooks : "-";

		if ((int)strlen(fs[i].name) > wn)
			wn = strlen(fs[i].name);
		if ((int)strlen(verdict_name[fs[i].v]) > wt)
			wt = strlen(verdict_name[fs[i].v]);
		if ((int)strlen(owner) > wo)
			wo = strlen(owner);
		if ((int)strlen(pt) > wp)
			wp = strlen(pt);
	}
	printf("  ");
	kt_pad(stdout, "KFUNC", wn + 2);
	kt_pad(stdout, "TIER", wt + 2);
	kt_pad(stdout, "OWNER", wo + 2);
	kt_pad(stdout, "HOOKS", wp + 2);
	printf("CALLED BY\n");
	for (int i = 0; i < n; i++) {
		struct finding *f = &fs[i];
		char callers[2048];
		int col;

		printf("  ");
		kt_pad(stdout, f->name, wn + 2);
		kt_pad(stdout, verdict_name[f->v], wt + 2);
		kt_pad(stdout, f->row ? f->row->owner : "-", wo + 2);
		kt_pad(stdout, f->row ? f->row->hooks : "-", wp + 2);
		callers[0] = '\0';
		for (int j = 0, n = 0; j < f->callers.n && n < (int)sizeof(callers); j++)
			n += snprintf(callers + n, sizeof(callers) - n, "%s%s", j ? ", " : "",
				      f->callers.v[j]);
		/* too long for the last column: a count, and the names below */
		col = 2 + wn + 2 + wt + 2 + wo + 2 + wp + 2;
		if (f->callers.n > 1 && col + (int)strlen(callers) > WIDTH) {
			printf("%d programs\n", f->callers.n);
			printf("      called by: ");
			kt_wrap(stdout, callers, 17, 8, WIDTH);
		} else {
			printf("%s\n", f->callers.n ? callers : "-");
		}
		for (int j = 0; j < f->notes.n; j++) {
			printf("      ");
			kt_wrap(stdout, f->notes.v[j], 6, 8, WIDTH);
		}
	}
}

static void print_json_obj(const struct kt_obj *o, struct finding *fs, int n, enum verdict v)
{
	printf("    {\"file\": ");
	json_str(stdout, o->path);
	printf(", \"verdict\": \"%s\", \"exit_code\": %d, \"kfuncs\": [", verdict_name[v],
	       verdict_exit[v]);
	for (int i = 0; i < n; i++) {
		const struct finding *f = &fs[i];
		const struct kt_listing_row *r = f->row;

		printf("%s\n      {\"name\": ", i ? "," : "");
		json_str(stdout, f->name);
		printf(", \"tier\": \"%s\", \"registered\": %s, \"owner\": ", verdict_name[f->v],
		       r ? "true" : "false");
		json_str(stdout, r ? r->owner : f->btf_owner);
		printf(", \"in_btf\": %s, \"btf_id\": ", f->btf_owner ? "true" : "false");
		if (r)
			printf("%lld", r->btf_id);
		else if (f->btf_owner)
			printf("%d", f->btf_id);
		else
			printf("null");
		printf(", \"hooks\": ");
		json_csv(stdout, r ? r->hooks : NULL);
		printf(", \"flags\": ");
		json_csv(stdout, r ? r->flags : NULL);
		printf(", \"since\": ");
		json_field(stdout, r ? r->since : NULL);
		printf(", \"removal\": ");
		json_field(stdout, r ? r->removal : NULL);
		printf(", \"replacement\": ");
		json_field(stdout, r ? r->replacement : NULL);
		printf(", \"count\": ");
		if (r)
			printf("%lld", r->count);
		else
			printf("null");
		printf(", \"weak\": %s, \"programs\": [", f->weak ? "true" : "false");
		for (int j = 0; j < f->callers.n; j++) {
			printf("%s", j ? ", " : "");
			json_str(stdout, f->callers.v[j]);
		}
		printf("], \"notes\": [");
		for (int j = 0; j < f->notes.n; j++) {
			printf("%s", j ? ", " : "");
			json_str(stdout, f->notes.v[j]);
		}
		printf("]}");
	}
	printf("%s]}", n ? "\n    " : "");
}

int cmd_audit(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "kernel-btf", required_argument, NULL, 'k' },
		{ "modules-btf", required_argument, NULL, 'M' },
		{ "listing", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	const char *kbtf_path = NULL, *mod_dir = NULL, *listing_path = NULL;
	enum verdict worst = V_STABLE;
	struct kt_listing l = {};
	struct kt_kbtf k = {};
	struct kt_obj *objs;
	bool json = false;
	char err[1024];
	int c, nobjs = 0, ret = KT_OK;

	while ((c = kt_getopt(argc, argv, "jk:M:l:h", opts, &nobjs)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'k': kbtf_path = optarg; break;
		case 'M': mod_dir = optarg; break;
		case 'l': listing_path = optarg; break;
		case 'h':
			fputs(audit_usage, stdout);
			return KT_OK;
		default:
			fputs(audit_usage, stderr);
			return KT_USAGE;
		}
	}
	if (nobjs < 1) {
		kt_err("audit: no object given (see 'kfunctool audit --help')");
		return KT_USAGE;
	}
	if ((kbtf_path || mod_dir || listing_path) && !(kbtf_path && listing_path)) {
		kt_err("audit: offline mode needs both --kernel-btf and --listing (--modules-btf is optional)");
		return KT_USAGE;
	}
	kt_setup_libbpf_print();

	ret = kt_objs_open(argv + 1, nobjs, false, &objs, NULL);
	if (ret)
		return ret;
	if (kbtf_path) {
		if (access(kbtf_path, F_OK)) {
			kt_err("audit: %s: no such file", kbtf_path);
			ret = KT_NOFILE;
			goto out;
		}
		if (mod_dir && access(mod_dir, F_OK)) {
			kt_err("audit: %s: no such directory", mod_dir);
			ret = KT_NOFILE;
			goto out;
		}
		if (kt_kbtf_load_offline(&k, kbtf_path, mod_dir, err, sizeof(err))) {
			kt_err("audit: %s", err);
			ret = KT_RUNTIME;
			goto out;
		}
	} else if (kt_kbtf_load_running(&k, err, sizeof(err))) {
		kt_err("audit: %s", err);
		ret = KT_RUNTIME;
		goto out;
	}
	ret = kt_listing_read(listing_path ? listing_path : KT_LISTING_PATH, &l, err, sizeof(err));
	if (ret) {
		kt_err("audit: %s", err);
		goto out;
	}

	if (json) {
		printf("{\"kernel_btf\": ");
		json_str(stdout, k.where);
		printf(", \"listing\": ");
		json_str(stdout, l.path);
		printf(", \"objects\": [\n");
	}
	for (int i = 0; i < nobjs; i++) {
		struct finding *fs;
		int n;
		enum verdict v = audit_obj(&objs[i], &k, &l, &fs, &n);

		if (json) {
			print_json_obj(&objs[i], fs, n, v);
			printf("%s\n", i + 1 < nobjs ? "," : "");
		} else {
			print_table(&objs[i], fs, n, v);
			if (i + 1 < nobjs)
				printf("\n");
		}
		if (v > worst)
			worst = v;
		for (int j = 0; j < n; j++) {
			kt_strv_free(&fs[j].callers);
			kt_strv_free(&fs[j].notes);
		}
		free(fs);
	}
	if (json)
		printf("  ], \"verdict\": \"%s\", \"exit_code\": %d}\n", verdict_name[worst],
		       verdict_exit[worst]);
	else if (nobjs > 1)
		printf("\nverdict: %s (exit %d)\n", verdict_name[worst], verdict_exit[worst]);
	ret = verdict_exit[worst];
out:
	kt_listing_free(&l);
	kt_kbtf_free(&k);
	kt_objs_close(objs, nobjs);
	return ret;
}
