// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The kfunc decl tags of a BTF, indexed by FUNC (see btftags.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btftags.h"
#include "kfunctool.h"
#include "util.h"

/* One tag: the FUNC it is on, and the tag's own id (its order in the BTF). */
struct tag_ref {
	int func;
	int tag;
};

static int cmp_ref(const void *a, const void *b)
{
	const struct tag_ref *x = a, *y = b;

	if (x->func != y->func)
		return x->func < y->func ? -1 : 1;
	return x->tag < y->tag ? -1 : x->tag > y->tag;
}

static void set_error(struct kt_kfunc_tags *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_error(struct kt_kfunc_tags *f, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (f->error)
		return;	/* the first one found says enough */
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f->error = kt_xstrdup(buf);
}

/* A record tag: the same value twice is one tag, two values are an error. */
static void set_field(struct kt_kfunc_tags *f, const char **field, const char *key,
		      const char *val)
{
	if (*field && strcmp(*field, val)) {
		set_error(f, "conflicting tags %s%s and %s%s", key, *field, key, val);
		return;
	}
	*field = val;
}

static bool has_prefix(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);

	if (strncmp(s, prefix, n))
		return false;
	*rest = s + n;
	return true;
}

/* Take tag @name into @f; true if it is one of the series' own. */
static bool take_tag(struct kt_kfunc_tags *f, const char *name, const char **tier_tag)
{
	const char *v;
	int rank;

	if (!strcmp(name, KT_TAG_KFUNC)) {
		f->kfunc = true;
		return false;
	}
	if (has_prefix(name, KT_TAG_TIER, &v)) {
		rank = kt_tier_rank(v);
		if (*tier_tag && strcmp(*tier_tag, v))
			set_error(f, "conflicting tier tags " KT_TAG_TIER "%s and " KT_TAG_TIER "%s",
				  *tier_tag, v);
		else if (rank < 0 || rank == KT_TIER_UNSTABLE)	/* unstable: no tag */
			set_error(f, "unknown tier tag " KT_TAG_TIER "%s", v);
		*tier_tag = v;
		f->tiered = true;
		if (!f->error)
			f->tier = rank;
	} else if (has_prefix(name, KT_TAG_SINCE, &v)) {
		set_field(f, &f->since, KT_TAG_SINCE, v);
	} else if (has_prefix(name, KT_TAG_REMOVAL, &v)) {
		set_field(f, &f->removal, KT_TAG_REMOVAL, v);
	} else if (has_prefix(name, KT_TAG_REPLACEMENT, &v)) {
		set_field(f, &f->replacement, KT_TAG_REPLACEMENT, v);
	} else {
		return false;	/* another tag (comment:..., a later series'): not ours */
	}
	return true;
}

struct kt_btftags *kt_btftags_new(const struct btf *btf)
{
	struct kt_btftags *t = kt_xcalloc(1, sizeof(*t));
	const struct btf *base = btf__base_btf(btf);
	int start = base ? (int)btf__type_cnt(base) : 1, cnt = btf__type_cnt(btf);
	struct tag_ref *refs = NULL;
	int nrefs = 0, cap = 0;

	/* the one pass over the types: every whole-FUNC tag */
	for (int id = start; id < cnt; id++) {
		const struct btf_type *tt = btf__type_by_id(btf, id), *ft;

		if (!btf_is_decl_tag(tt) || btf_decl_tag(tt)->component_idx != -1)
			continue;
		ft = btf__type_by_id(btf, tt->type);
		if (!ft || !btf_is_func(ft))
			continue;
		if (nrefs == cap) {
			cap = cap ? cap * 2 : 64;
			refs = kt_xrealloc(refs, cap * sizeof(*refs));
		}
		refs[nrefs++] = (struct tag_ref){ tt->type, id };
	}
	/* tags of one FUNC need not be adjacent: group them, in BTF order */
	if (nrefs)
		qsort(refs, nrefs, sizeof(*refs), cmp_ref);
	t->funcs = kt_xcalloc(nrefs, sizeof(*t->funcs));
	for (int i = 0; i < nrefs;) {
		struct kt_kfunc_tags *f = &t->funcs[t->n++];
		const char *tier_tag = NULL;

		f->id = refs[i].func;
		f->tier = KT_TIER_UNSTABLE;
		for (; i < nrefs && refs[i].func == f->id; i++) {
			const struct btf_type *tt = btf__type_by_id(btf, refs[i].tag);

			if (take_tag(f, btf__name_by_offset(btf, tt->name_off), &tier_tag))
				t->any_tier = true;
		}
		if (f->kfunc)
			t->nkfuncs++;
	}
	free(refs);
	return t;
}

void kt_btftags_free(struct kt_btftags *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->n; i++)
		free(t->funcs[i].error);
	free(t->funcs);
	free(t);
}

static int cmp_id(const void *key, const void *elem)
{
	int id = *(const int *)key, e = ((const struct kt_kfunc_tags *)elem)->id;

	return id < e ? -1 : id > e;
}

const struct kt_kfunc_tags *kt_btftags_find(const struct kt_btftags *t, int id)
{
	if (!t || !t->n)
		return NULL;
	return bsearch(&id, t->funcs, t->n, sizeof(*t->funcs), cmp_id);
}

const char *kt_kfunc_tags_name(const struct btf *btf, const struct kt_kfunc_tags *f)
{
	return btf__name_by_offset(btf, btf__type_by_id(btf, f->id)->name_off);
}
