/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* The stability tiers: their order, names and audit's exit codes. */
#ifndef KT_TIER_H
#define KT_TIER_H

#include <stddef.h>

/*
 * The stability tiers in verdict order: the later, the worse for a program
 * calling a kfunc of it, and the higher audit's exit code. Help texts and
 * messages name them in this order (kt_tier_names()); tier.c has
 * their names and exit codes. KT_TIER_UNKNOWN is no tier a listing line
 * can have: audit's word for a kfunc the listing lacks.
 */
enum kt_tier {
	KT_TIER_STABLE,
	KT_TIER_UNSTABLE,
	KT_TIER_DEPRECATED,
	KT_TIER_REMOVED,
	KT_TIER_UNKNOWN,
};

/* The tier named @name, -1 for none ("unknown" too: no listing has it). */
int kt_tier_rank(const char *name);
/* The tier of a --tier option; -1 after an error line for none */
int kt_tier_option(const char *arg);
const char *kt_tier_name(enum kt_tier t);
/* audit's exit code for a program that calls a kfunc of tier @t */
int kt_tier_exit(enum kt_tier t);
/* "stable, unstable, deprecated, removed" */
const char *kt_tier_names(void);
/*
 * A lifecycle record in words: "deprecated since S, removal planned for
 * R, replacement: F" or "removed in R, replacement: F" (a NULL or "-"
 * field as "-"); "" for the other tiers.
 */
void kt_tier_record(enum kt_tier t, const char *since, const char *removal,
		    const char *replacement, char *buf, size_t len);

#endif
