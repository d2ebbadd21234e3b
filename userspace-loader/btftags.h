/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The decl tags the kernel build puts on the FUNC of every kfunc of a kfunc
 * set (resolve_btfids --kfunc-tags, patches/6.1; component_idx -1):
 *   bpf_kfunc                    every kfunc (as upstream pahole 1.27 does)
 *   bpf_kfunc_tier:TIER          stable, deprecated or removed; none: unstable
 *   bpf_kfunc_since:S            deprecated and removed kfuncs: their
 *   bpf_kfunc_removal:R          lifecycle record, a field a tag
 *   bpf_kfunc_replacement:F
 * A kernel without the series has none of them (or bpf_kfunc alone, from
 * a newer pahole). The index reads them in one pass over a BTF's own
 * types: for a module's split BTF, those after its base.
 */
#ifndef KT_BTFTAGS_H
#define KT_BTFTAGS_H

#include <stdbool.h>

#include "tier.h"

struct btf;

#define KT_TAG_KFUNC		"bpf_kfunc"
#define KT_TAG_TIER		"bpf_kfunc_tier:"
#define KT_TAG_SINCE		"bpf_kfunc_since:"
#define KT_TAG_REMOVAL		"bpf_kfunc_removal:"
#define KT_TAG_REPLACEMENT	"bpf_kfunc_replacement:"

/* The tags of one FUNC; the strings point into its BTF. */
struct kt_kfunc_tags {
	int id;			/* the FUNC's BTF id */
	bool kfunc;		/* tagged bpf_kfunc */
	bool tiered;		/* has a bpf_kfunc_tier: tag */
	enum kt_tier tier;	/* KT_TIER_UNSTABLE without one */
	const char *since;	/* NULL when it has no such tag */
	const char *removal;
	const char *replacement;
	/* two tier tags, two different values for a record tag, or an
	 * unknown tier: the tier cannot be told (NULL when fine) */
	char *error;
};

struct kt_btftags {
	struct kt_kfunc_tags *funcs;	/* sorted by id */
	int n;
	int nkfuncs;			/* tagged bpf_kfunc */
	bool any_tier;			/* a tier or record tag on some FUNC */
};

/* Index the tags of @btf's own FUNCs (never NULL: exits when out of memory). */
struct kt_btftags *kt_btftags_new(const struct btf *btf);
void kt_btftags_free(struct kt_btftags *t);
/* The tags of FUNC @id, or NULL when it has none. */
const struct kt_kfunc_tags *kt_btftags_find(const struct kt_btftags *t, int id);
/* The name of the FUNC @f tags, in @btf, the BTF it was indexed from. */
const char *kt_kfunc_tags_name(const struct btf *btf, const struct kt_kfunc_tags *f);

#endif
