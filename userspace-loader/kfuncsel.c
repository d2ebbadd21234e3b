// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The kfuncs of a kernel's BTF, chosen for gen-header and abi-dump. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "btftags.h"
#include "kbtf.h"
#include "kfuncsel.h"
#include "kfunctool.h"
#include "tier.h"

int kt_sel_option(void *sel, int c, const char *arg)
{
	struct kt_sel_args *a = sel;
	int rank;

	switch (c) {
	case 'k': a->kbtf = arg; break;
	case 'M': a->mods = arg; break;
	case 'b': a->btf = arg; break;
	case 'B': a->base = arg; break;
	case 'm': kt_strv_push(&a->modules, arg); break;
	case 'o': a->out = arg; break;
	case 't':
		rank = kt_tier_option(arg);
		if (rank < 0)
			return -1;
		a->tiers |= 1u << rank;
		break;
	default: return -1;
	}
	return 0;
}

bool kt_sel_check_args(const struct kt_sel_args *a)
{
	if (a->mods && !a->kbtf) {
		kt_err("--modules-btf needs --kernel-btf");
		return false;
	}
	if (a->base && !a->btf) {
		kt_err("--base needs --btf");
		return false;
	}
	if (a->btf && a->kbtf) {
		kt_err("--btf and --kernel-btf exclude each other");
		return false;
	}
	return true;
}

static int cmp_source(const void *a, const void *b)
{
	return strcmp(((const struct kt_source *)a)->name, ((const struct kt_source *)b)->name);
}

static int select_sources(const struct kt_sel_args *a, const struct kt_kbtf *k,
			  struct kt_source *s, int *ret)
{
	int n = 0, nmods;

	if (!a->base)
		s[n++] = (struct kt_source){ "vmlinux", k->vmlinux, k->vmlinux_tags,
					     k->vmlinux_path };
	for (int i = 0; i < k->nmods; i++)
		s[n++] = (struct kt_source){ k->mods[i].name, k->mods[i].btf, k->mods[i].tags,
					     k->mods[i].path };
	nmods = n - !a->base;
	qsort(s + n - nmods, nmods, sizeof(*s), cmp_source);
	for (int i = n - nmods + 1; i < n; i++) {
		if (!strcmp(s[i - 1].name, s[i].name)) {
			kt_err("two BTFs for module %s in %s", s[i].name, k->where);
			*ret = KT_RUNTIME;
			return -1;
		}
	}
	for (int i = 0; i < a->modules.n; i++) {
		bool found = false;

		for (int j = 0; j < n && !found; j++)
			found = !strcmp(s[j].name, a->modules.v[i]);
		if (!found) {
			kt_err("no BTF for module %s in %s (is it loaded?)",
			       a->modules.v[i], k->where);
			*ret = KT_NOKFUNC;
			return -1;
		}
	}
	if (!a->modules.n)
		return n;
	nmods = 0;	/* now: those kept */
	for (int i = 0; i < n; i++)
		if (kt_strv_has(&a->modules, s[i].name))
			s[nmods++] = s[i];
	return nmods;
}

int kt_sel_open(const struct kt_sel_args *a, const char *what,
		struct kt_kbtf *k, struct kt_source **s, int *ns)
{
	int ret = kt_kbtf_load(k, a->btf ? a->base : a->kbtf, a->mods, a->btf);

	if (ret)
		return ret;
	kt_kbtf_index_tags(k);
	if (!kt_kbtf_any_kfunc(k)) {
		kt_err("no FUNC in the BTF of %s is tagged bpf_kfunc: the kernel was built without kfunc decl tags, so its kfuncs cannot be told (no %s written)",
		       k->where, what);
		return KT_NOTAGS;
	}
	*s = kt_xcalloc(k->nmods + 1, sizeof(**s));
	*ns = select_sources(a, k, *s, &ret);
	return *ns < 0 ? ret : KT_OK;
}

static int cmp_kfunc(const void *a, const void *b)
{
	return strcmp(((const struct kt_kfunc *)a)->name, ((const struct kt_kfunc *)b)->name);
}

int kt_sel_kfuncs(const struct kt_sel_args *a, const struct kt_source *s, struct kt_kfunc **out,
		  int *nbad, char *bad, size_t badlen)
{
	struct kt_kfunc *fs = kt_xcalloc(s->tags->nkfuncs, sizeof(*fs));
	int n = 0;

	for (int i = 0; i < s->tags->n; i++) {
		const struct kt_kfunc_tags *t = &s->tags->funcs[i];
		const char *name = kt_kfunc_tags_name(s->btf, t);

		if (!t->kfunc)
			continue;
		if (t->error) {
			if (!(*nbad)++)
				snprintf(bad, badlen, "%s: %s: %s", s->name, name, t->error);
			continue;
		}
		if (!a->tiers || (a->tiers & (1u << t->tier)))
			fs[n++] = (struct kt_kfunc){ name, t };
	}
	if (n)
		qsort(fs, n, sizeof(*fs), cmp_kfunc);
	*out = fs;
	return n;
}

int kt_write_out(const char *path, const char *buf, size_t len)
{
	struct stat st;
	bool regular, bad;
	FILE *f;

	regular = path && (stat(path, &st) ? errno == ENOENT : S_ISREG(st.st_mode));
	f = path ? fopen(path, "w") : stdout;
	if (!f) {
		kt_err("cannot create %s: %s", path, strerror(errno));
		return KT_RUNTIME;
	}
	bad = fwrite(buf, 1, len, f) != len;
	bad |= (path ? fclose(f) : fflush(f)) != 0;
	if (bad) {
		kt_err("cannot write %s: %s", path ? path : "stdout", strerror(errno));
		if (regular)
			unlink(path);
		return KT_RUNTIME;
	}
	return KT_OK;
}
