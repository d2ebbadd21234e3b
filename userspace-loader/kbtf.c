// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Kernel BTF lookups (see kbtf.h). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btftags.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "listing.h"
#include "util.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_mod(struct kt_kbtf *k, const char *name, const char *path, struct btf *btf)
{
	k->mods = kt_xrealloc(k->mods, (k->nmods + 1) * sizeof(*k->mods));
	k->mods[k->nmods++] = (struct kt_kbtf_mod){
		.name = kt_xstrdup(name), .path = kt_xstrdup(path), .btf = btf
	};
}

/* Every regular file in @dir except @skip, sorted by name. */
static int list_dir(const char *dir, const char *skip, struct kt_strv *out)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[4096];
		struct stat st;

		if (de->d_name[0] == '.' || (skip && strcmp(de->d_name, skip) == 0))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (stat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		kt_strv_push(out, de->d_name);
	}
	closedir(d);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_str);
	return 0;
}

int kt_kbtf_load_running(struct kt_kbtf *k, char *err, size_t errlen)
{
	struct kt_strv names = {};

	memset(k, 0, sizeof(*k));
	k->vmlinux = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	if (!k->vmlinux) {
		snprintf(err, errlen,
			 "cannot read kernel BTF /sys/kernel/btf/vmlinux: %s (is sysfs mounted?)",
			 strerror(errno));
		k->vmlinux = NULL;
		return -1;
	}
	k->where = kt_xstrdup("/sys/kernel/btf");
	k->vmlinux_path = kt_xstrdup("/sys/kernel/btf/vmlinux");
	if (list_dir("/sys/kernel/btf", "vmlinux", &names) == 0) {
		for (int i = 0; i < names.n; i++) {
			char path[4096];
			struct btf *b;

			snprintf(path, sizeof(path), "/sys/kernel/btf/%s", names.v[i]);
			b = btf__parse_split(path, k->vmlinux);
			if (b)
				add_mod(k, names.v[i], path, b);
		}
	}
	kt_strv_free(&names);
	return 0;
}

/* The split BTF in @path, as module @file ("sample-kfuncs.ko" is the
 * kernel's "sample_kfuncs"); false if it has none. */
static bool add_mod_file(struct kt_kbtf *k, const char *path, const char *file)
{
	struct btf *b = btf__parse_split(path, k->vmlinux);
	char name[256], *dot;

	if (!b)
		return false;
	snprintf(name, sizeof(name), "%s", file);
	dot = strstr(name, ".ko");
	if (!dot)
		dot = strstr(name, ".btf");
	if (dot)
		*dot = '\0';
	for (char *c = name; *c; c++)
		if (*c == '-')
			*c = '_';
	add_mod(k, name, path, b);
	return true;
}

int kt_kbtf_load_offline(struct kt_kbtf *k, const char *vmlinux, const char *moddir,
			 char *err, size_t errlen)
{
	struct kt_strv names = {};

	memset(k, 0, sizeof(*k));
	k->vmlinux = btf__parse(vmlinux, NULL);
	if (!k->vmlinux) {
		snprintf(err, errlen,
			 "%s: cannot read BTF: %s (no BTF, or a module's, which needs its vmlinux as base)",
			 vmlinux, strerror(errno));
		k->vmlinux = NULL;
		return -1;
	}
	k->where = kt_xstrdup(vmlinux);
	k->vmlinux_path = kt_xstrdup(vmlinux);
	if (!moddir)
		return 0;
	if (list_dir(moddir, NULL, &names)) {
		snprintf(err, errlen, "%s: %s", moddir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < names.n; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", moddir, names.v[i]);
		/* not a module or no BTF: skip quietly */
		add_mod_file(k, path, names.v[i]);
	}
	kt_strv_free(&names);
	return 0;
}

int kt_kbtf_load_file(struct kt_kbtf *k, const char *vmlinux, const char *file,
		      char *err, size_t errlen)
{
	const char *base = strrchr(file, '/');

	if (kt_kbtf_load_offline(k, vmlinux, NULL, err, errlen))
		return -1;
	if (!add_mod_file(k, file, base ? base + 1 : file)) {
		snprintf(err, errlen, "%s: no BTF on top of %s's: %s", file, vmlinux,
			 strerror(errno));
		return -1;
	}
	return 0;
}

int kt_kbtf_load(struct kt_kbtf *k, const char *vmlinux, const char *moddir,
		 const char *file)
{
	const char *paths[] = { vmlinux, moddir, file };
	char err[1024];
	int r;

	memset(k, 0, sizeof(*k));
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		if (paths[i] && access(paths[i], F_OK)) {
			kt_err("%s: no such file or directory", paths[i]);
			return KT_NOFILE;
		}
	}
	if (file && vmlinux)
		r = kt_kbtf_load_file(k, vmlinux, file, err, sizeof(err));
	else if (file || vmlinux)
		r = kt_kbtf_load_offline(k, file ? file : vmlinux, moddir, err, sizeof(err));
	else
		r = kt_kbtf_load_running(k, err, sizeof(err));
	if (r) {
		kt_err("%s", err);
		kt_kbtf_free(k);
		return KT_RUNTIME;
	}
	return KT_OK;
}

void kt_kbtf_free(struct kt_kbtf *k)
{
	for (int i = 0; i < k->nmods; i++) {
		kt_btftags_free(k->mods[i].tags);
		btf__free(k->mods[i].btf);
		free(k->mods[i].name);
		free(k->mods[i].path);
	}
	kt_btftags_free(k->vmlinux_tags);
	free(k->mods);
	btf__free(k->vmlinux);
	free(k->where);
	free(k->vmlinux_path);
	memset(k, 0, sizeof(*k));
}

const char *kt_kbtf_find_func(const struct kt_kbtf *k, const char *name, int *btf_id,
			      const struct btf **btf)
{
	int id;

	if (!k->vmlinux)
		return NULL;
	id = btf__find_by_name_kind(k->vmlinux, name, BTF_KIND_FUNC);
	if (id > 0) {
		if (btf_id)
			*btf_id = id;
		if (btf)
			*btf = k->vmlinux;
		return "vmlinux";
	}
	for (int i = 0; i < k->nmods; i++) {
		id = btf__find_by_name_kind(k->mods[i].btf, name, BTF_KIND_FUNC);
		if (id > 0) {
			if (btf_id)
				*btf_id = id;
			if (btf)
				*btf = k->mods[i].btf;
			return k->mods[i].name;
		}
	}
	return NULL;
}

static const struct btf_type *skip_mods(const struct btf *b, __u32 id, __u32 *res)
{
	const struct btf_type *t = btf__type_by_id(b, id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t))) {
		id = t->type;
		t = btf__type_by_id(b, id);
	}
	*res = id;
	return t;
}

static bool kinds_compat(const struct btf_type *a, const struct btf_type *b)
{
	int ka = btf_kind(a), kb = btf_kind(b);

	if (ka == kb)
		return true;
	if ((btf_is_composite(a) || btf_is_fwd(a)) && (btf_is_composite(b) || btf_is_fwd(b)))
		return true;	/* a forward declaration matches the struct */
	return btf_is_any_enum(a) && btf_is_any_enum(b);
}

static const char *kind_word(const struct btf_type *t)
{
	if (btf_is_int(t) || btf_is_any_enum(t))
		return "an integer";
	if (btf_is_ptr(t))
		return "a pointer";
	if (btf_is_composite(t) || btf_is_fwd(t))
		return "a struct";
	if (btf_kind(t) == BTF_KIND_UNKN)
		return "void";
	return "something else";
}

static bool types_compat(const struct btf *lb, __u32 lid, const struct btf *tb, __u32 tid,
			 int depth)
{
	const struct btf_type *lt, *tt;

	for (; depth > 0; depth--) {
		lt = skip_mods(lb, lid, &lid);
		tt = skip_mods(tb, tid, &tid);
		if (!lt || !tt || !kinds_compat(lt, tt))
			return false;
		if (btf_is_ptr(lt)) {
			lid = lt->type;
			tid = tt->type;
		} else if (btf_is_array(lt)) {
			lid = btf_array(lt)->type;
			tid = btf_array(tt)->type;
		} else if (btf_is_int(lt)) {
			return btf_int_offset(lt) == 0 && btf_int_offset(tt) == 0;
		} else if (btf_is_func_proto(lt)) {
			if (btf_vlen(lt) != btf_vlen(tt))
				return false;
			for (int i = 0; i < btf_vlen(lt); i++)
				if (!types_compat(lb, btf_params(lt)[i].type, tb,
						  btf_params(tt)[i].type, depth - 1))
					return false;
			lid = lt->type;
			tid = tt->type;
		} else {
			return true;
		}
	}
	return true;	/* too deep to tell: do not cry wolf */
}

bool kt_kbtf_protos_compat(const struct btf *local, int local_id, const struct btf *targ,
			   int targ_id, char *why, size_t whylen)
{
	const struct btf_type *lf = btf__type_by_id(local, local_id);
	const struct btf_type *tf = btf__type_by_id(targ, targ_id);
	const struct btf_type *lp, *tp, *a, *b;
	__u32 id;

	if (!lf || !tf || !btf_is_func(lf) || !btf_is_func(tf))
		return true;
	lp = btf__type_by_id(local, lf->type);
	tp = btf__type_by_id(targ, tf->type);
	if (!lp || !tp || !btf_is_func_proto(lp) || !btf_is_func_proto(tp))
		return true;
	if (btf_vlen(lp) != btf_vlen(tp)) {
		snprintf(why, whylen, "declared with %d argument(s), the kernel's takes %d",
			 btf_vlen(lp), btf_vlen(tp));
		return false;
	}
	for (int i = 0; i < btf_vlen(lp); i++) {
		if (types_compat(local, btf_params(lp)[i].type, targ, btf_params(tp)[i].type, 32))
			continue;
		a = skip_mods(local, btf_params(lp)[i].type, &id);
		b = skip_mods(targ, btf_params(tp)[i].type, &id);
		snprintf(why, whylen, "argument %d is declared as %s, the kernel's is %s", i + 1,
			 a ? kind_word(a) : "?", b ? kind_word(b) : "?");
		return false;
	}
	if (!types_compat(local, lp->type, targ, tp->type, 32)) {
		a = skip_mods(local, lp->type, &id);
		b = skip_mods(targ, tp->type, &id);
		snprintf(why, whylen, "returns %s, the kernel's returns %s", a ? kind_word(a) : "?",
			 b ? kind_word(b) : "?");
		return false;
	}
	return true;
}

const char *kt_kbtf_find_func_prefer(const struct kt_kbtf *k, const char *name,
				     const char *owner, int *btf_id, const struct btf **btf)
{
	for (int i = 0; owner && i < k->nmods; i++) {
		int id;

		if (strcmp(k->mods[i].name, owner))
			continue;
		id = btf__find_by_name_kind(k->mods[i].btf, name, BTF_KIND_FUNC);
		if (id > 0 && id >= (int)btf__type_cnt(k->vmlinux)) {
			if (btf_id)
				*btf_id = id;
			if (btf)
				*btf = k->mods[i].btf;
			return k->mods[i].name;
		}
	}
	return kt_kbtf_find_func(k, name, btf_id, btf);
}

bool kt_kbtf_has_mod(const struct kt_kbtf *k, const char *name)
{
	for (int i = 0; i < k->nmods; i++)
		if (!strcmp(k->mods[i].name, name))
			return true;
	return false;
}

void kt_kbtf_index_tags(struct kt_kbtf *k)
{
	if (!k->vmlinux_tags)
		k->vmlinux_tags = kt_btftags_new(k->vmlinux);
	for (int i = 0; i < k->nmods; i++)
		if (!k->mods[i].tags)
			k->mods[i].tags = kt_btftags_new(k->mods[i].btf);
}

const struct kt_btftags *kt_kbtf_tags(const struct kt_kbtf *k, const struct btf *btf)
{
	if (btf == k->vmlinux)
		return k->vmlinux_tags;
	for (int i = 0; i < k->nmods; i++)
		if (btf == k->mods[i].btf)
			return k->mods[i].tags;
	return NULL;
}

bool kt_kbtf_any_tier(const struct kt_kbtf *k)
{
	bool any = k->vmlinux_tags && k->vmlinux_tags->any_tier;

	for (int i = 0; !any && i < k->nmods; i++)
		any = k->mods[i].tags && k->mods[i].tags->any_tier;
	return any;
}

bool kt_kbtf_any_kfunc(const struct kt_kbtf *k)
{
	bool any = k->vmlinux_tags && k->vmlinux_tags->nkfuncs;

	for (int i = 0; !any && i < k->nmods; i++)
		any = k->mods[i].tags && k->mods[i].tags->nkfuncs;
	return any;
}

/* The rows of @btf's kfuncs, tagged bpf_kfunc, less those whose tags
 * conflict: the kernel refuses their module */
static void add_rows(struct kt_listing *l, const struct btf *btf, const struct kt_btftags *t,
		     const char *owner)
{
	for (int i = 0; t && i < t->n; i++) {
		const struct kt_kfunc_tags *f = &t->funcs[i];
		struct kt_listing_row *r;

		if (!f->kfunc || f->error)
			continue;
		l->rows = kt_xrealloc(l->rows, (l->nrows + 1) * sizeof(*l->rows));
		r = &l->rows[l->nrows++];
		*r = (struct kt_listing_row){
			.name = (char *)kt_kfunc_tags_name(btf, f),
			.owner = (char *)owner,
			.btf_id = f->id,
			.hooks = "-",
			.tier = f->tier,
			.flags = "-",
			.since = (char *)(f->since ? f->since : "-"),
			.removal = (char *)(f->removal ? f->removal : "-"),
			.replacement = (char *)(f->replacement ? f->replacement : "-"),
		};
	}
}

void kt_kbtf_listing(const struct kt_kbtf *k, struct kt_listing *l)
{
	memset(l, 0, sizeof(*l));
	l->path = kt_xasprintf("the BTF tags of %s", k->where);
	l->from_tags = true;
	add_rows(l, k->vmlinux, k->vmlinux_tags, "vmlinux");
	for (int i = 0; i < k->nmods; i++)
		add_rows(l, k->mods[i].btf, k->mods[i].tags, k->mods[i].name);
}
