/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * A kfunc ABI dump (kfunctool abi-dump, read by abi-check): what a compiled
 * BPF program depends on of each kfunc, as text meant to be kept in git
 * and reviewed. Version 1:
 *
 *   kfunctool-abi 1
 *   release 6.1.158                  (or "-": not known)
 *   owners vmlinux sample_kfuncs     (what was dumped, by name)
 *   kfunc OWNER NAME                 a block per kfunc, by owner and name:
 *   <TAB>tier T                      stable, unstable, deprecated, removed
 *   <TAB>since S                     the lifecycle record, where it has one
 *   <TAB>removal R
 *   <TAB>replacement F
 *   <TAB>flags acquire,ret_null      KF_* flags ("-": none); no line when
 *                                    the input had no set8s (/sys/kernel/btf)
 *   <TAB>proto C-PROTOTYPE           for a reader; compared by the lines below
 *   <TAB>ret TYPE                    the return type, and each argument's
 *   <TAB>arg NAME TYPE               ("-" for no name), in order
 *   end N                            the number of kfuncs: a cut file fails
 *
 * TYPE is what a compiled call depends on, typedefs and qualifiers looked
 * through, and named types by name, never by BTF id: "void", "int 8
 * unsigned", "enum 4", "float 8", "struct sk_buff 232" (by value), "ptr
 * struct sk_buff", "ptr int 1 char", "ptr ptr void", "ptr func". Values are
 * one line each, control characters and "\" as \xNN.
 */
#ifndef KT_ABI_H
#define KT_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "listing.h"
#include "util.h"

#define KT_ABI_MAGIC "kfunctool-abi"
#define KT_ABI_VERSION 1

struct kt_abi_arg {
	char *name;		/* "-": none */
	char *type;
};

struct kt_abi_kfunc {
	char *owner;
	char *name;
	enum kt_tier tier;
	char *since;		/* NULL: not in the record */
	char *removal;
	char *replacement;
	bool has_flags;
	unsigned int flags;	/* KF_* bits, the tier bits left out */
	char *proto;
	char *ret;
	struct kt_abi_arg *args;
	int nargs;
};

struct kt_abi {
	char *release;		/* NULL: not known */
	struct kt_strv owners;
	struct kt_abi_kfunc *kfuncs;
	int n;
};

/* Write @abi in the text form above */
void kt_abi_write(FILE *f, const struct kt_abi *abi);
/* Parse the @len bytes of @text; 0, or -1 with "line N: ..." in @err */
int kt_abi_parse(const char *text, size_t len, struct kt_abi *abi, char *err, size_t errlen);
void kt_abi_free(struct kt_abi *abi);
/* Find OWNER NAME in @abi (NULL if not there) */
const struct kt_abi_kfunc *kt_abi_find(const struct kt_abi *abi, const char *owner,
				       const char *name);

/* The KF_* flags by name, as the kernel's kfunc listing names them */
#define KT_KF_TIER_BITS ((1u << 28) | (1u << 29) | (1u << 30))
/* "acquire,ret_null", unknown bits in hex ("0x2000"), "-" for none */
void kt_kf_flags_str(unsigned int flags, char *buf, size_t len);
/* The inverse; false for a word that is neither a name nor a hex mask */
bool kt_kf_flags_parse(const char *s, unsigned int *flags);
/* Flags with which the verifier accepts fewer programs than without:
 * every flag known but fastcall; an unknown one counts as such. */
unsigned int kt_kf_flags_restricting(unsigned int flags);

/* "6.12.38" against "6.18": <0, 0, >0, comparing numbers a dot apart,
 * missing ones as 0; false in @ok when either is not such a release. */
int kt_release_cmp(const char *a, const char *b, bool *ok);

#endif
