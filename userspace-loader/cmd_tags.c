// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool tags: every kfunc of the kernel's BTF with the tier and record
 * its decl tags give (btftags.h), as the build wrote them. Unlike the
 * kernel's listing, BTF is readable by every user and exists offline.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btftags.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "util.h"

static const char tags_usage[] =
"Usage: kfunctool tags [--module MODULE] [--kernel-btf VMLINUX [--modules-btf DIR]]\n"
"\n"
"Show every kfunc whose FUNC the kernel's BTF tags bpf_kfunc, with the tier\n"
"and lifecycle record of its tier tags (Documentation/bpf/kfuncs.rst, \"Tier\n"
"tags in BTF\"). Reads /sys/kernel/btf/, which every user may read.\n"
"\n"
"  -m, --module MODULE       only kfuncs owned by MODULE ('vmlinux' for the kernel's)\n"
"  -k, --kernel-btf VMLINUX  read a vmlinux (or raw BTF) file instead\n"
"  -M, --modules-btf DIR     with --kernel-btf: the modules' .ko (or raw BTF) files\n"
"  -h, --help                this help\n"
"\n"
"Output: a '#' header, then one line per kfunc, fields separated by one TAB,\n"
"as in the kernel's listing: name owner btf_id tier since removal\n"
"replacement; '-' for a field without its tag. An untagged kfunc is unstable.\n"
"Sorted by owner, vmlinux first, then by name.\n"
"\n"
"Exit: {OK} shown; {USAGE} usage; {NOFILE} no such file; {NOTAGS} no kfunc tagged bpf_kfunc (a kernel\n"
"built without the tags); {RUNTIME} BTF unreadable, or a kfunc whose tags conflict (named on\n"
"stderr; the other kfuncs are shown).\n";

struct tagged {
	const char *name;
	const struct kt_kfunc_tags *tags;
};

static int cmp_tagged(const void *a, const void *b)
{
	const struct tagged *x = a, *y = b;

	return strcmp(x->name, y->name);
}

static const char *field(const char *s)
{
	return s ? s : "-";
}

/* Print the tagged kfuncs of one BTF, sorted by name. Returns how many
 * kfuncs have conflicting tags, each named on stderr instead. */
static int show_btf(const struct btf *btf, const struct kt_btftags *idx, const char *owner)
{
	struct tagged *rows = kt_xcalloc(idx->n ? idx->n : 1, sizeof(*rows));
	int n = 0, bad = 0;

	for (int i = 0; i < idx->n; i++) {
		const struct kt_kfunc_tags *f = &idx->funcs[i];

		if (f->kfunc)
			rows[n++] = (struct tagged){ kt_kfunc_tags_name(btf, f), f };
	}
	qsort(rows, n, sizeof(*rows), cmp_tagged);
	for (int i = 0; i < n; i++) {
		const struct kt_kfunc_tags *f = rows[i].tags;

		if (f->error) {
			kt_err("kfunc %s of %s: %s", rows[i].name, owner, f->error);
			bad++;
			continue;
		}
		printf("%s\t%s\t%d\t%s\t%s\t%s\t%s\n", rows[i].name, owner, f->id,
		       kt_tier_name(f->tier), field(f->since), field(f->removal),
		       field(f->replacement));
	}
	free(rows);
	return bad;
}

struct tags_args {
	const char *module;
	const char *vmlinux;
	const char *moddir;
};

static int take(void *ctx, int c, const char *arg)
{
	struct tags_args *a = ctx;

	switch (c) {
	case 'm': a->module = arg; break;
	case 'k': a->vmlinux = arg; break;
	case 'M': a->moddir = arg; break;
	}
	return 0;
}

int cmd_tags(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "module", required_argument, NULL, 'm' },
		{ "kernel-btf", required_argument, NULL, 'k' },
		{ "modules-btf", required_argument, NULL, 'M' },
		{}
	};
	static const struct kt_args args = { opts, tags_usage, 0, 0, NULL, take };
	struct tags_args a = {};
	int ret, bad = 0, nops;
	struct kt_kbtf k;

	ret = kt_parse_args(argc, argv, &args, &a, &nops);
	if (ret >= 0)
		return ret;
	if (a.moddir && !a.vmlinux) {
		kt_err("--modules-btf needs --kernel-btf");
		return KT_USAGE;
	}
	ret = kt_kbtf_load(&k, a.vmlinux, a.moddir, NULL);
	if (ret)
		return ret;
	kt_kbtf_index_tags(&k);

	/* Errors first: no line is printed for a kernel without kfunc tags */
	if (a.module && strcmp(a.module, "vmlinux") && !kt_kbtf_has_mod(&k, a.module)) {
		kt_err("%s has no BTF of module %s", k.where, a.module);
		ret = KT_RUNTIME;
	} else if (!a.module && !kt_kbtf_any_kfunc(&k)) {
		kt_err("no kfunc of %s is tagged bpf_kfunc: the kernel was built without kfunc tags",
		       k.where);
		ret = KT_NOTAGS;
	} else {
		printf("# name\towner\tbtf_id\ttier\tsince\tremoval\treplacement\n");
		for (int i = -1; i < k.nmods; i++) {
			const char *owner = i < 0 ? "vmlinux" : k.mods[i].name;

			if (!a.module || !strcmp(a.module, owner))
				bad += show_btf(i < 0 ? k.vmlinux : k.mods[i].btf,
						i < 0 ? k.vmlinux_tags : k.mods[i].tags, owner);
		}
		ret = bad ? KT_RUNTIME : KT_OK;
	}
	kt_kbtf_free(&k);
	return ret;
}
