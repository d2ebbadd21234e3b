/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The kernel's kfunc listing (/sys/kernel/debug/bpf/kfuncs): a "#" header,
 * then one line per registered kfunc, fields separated by one TAB:
 *   name owner btf_id hooks tier flags since removal replacement count loaded
 */
#ifndef KT_LISTING_H
#define KT_LISTING_H

#include <stdbool.h>
#include <stddef.h>

#define KT_LISTING_PATH "/sys/kernel/debug/bpf/kfuncs"
#define KT_LISTING_NFIELDS 11

struct kt_listing_row {
	char *name;
	char *owner;
	long long btf_id;
	char *hooks;		/* kfunc hooks: "syscall,tracing" */
	char *tier;		/* a name of enum kt_tier (kt_tier_rank() >= 0) */
	char *flags;		/* "acquire,ret_null" or "-" */
	char *since;		/* "-" when no record */
	char *removal;
	char *replacement;
	long long count;	/* programs loaded calling it, ever */
	long long loaded;	/* programs calling it loaded now */
};

struct kt_listing {
	struct kt_listing_row *rows;
	int nrows;
	char *path;
	char *text;		/* the file; rows point into it */
	bool from_tags;		/* made from BTF tags (kt_listing_from_tags()):
				 * no hooks, flags or counts */
};

/*
 * Read and parse @path. Returns 0, or an exit code (KT_NOFILE when it does
 * not exist, KT_RUNTIME when unreadable or malformed) with a reason in @err.
 */
int kt_listing_read(const char *path, struct kt_listing *l, char *err, size_t errlen);
/*
 * Parse the @len bytes of @text (NUL-terminated, allocated: the rows
 * point into it, kt_listing_free() frees it; freed already on failure),
 * read from @path. Returns 0, or KT_RUNTIME
 * with a reason in @err when malformed (a NUL byte, a line with other than
 * 11 fields, an empty field but hooks or flags, a count that is not
 * digits only, an unknown tier).
 */
int kt_listing_parse(const char *path, char *text, size_t len, struct kt_listing *l,
		     char *err, size_t errlen);
void kt_listing_free(struct kt_listing *l);
/* The row of kfunc @name of @owner ("vmlinux" or a module), or of the first
 * owner listing @name when @owner is NULL; NULL if none. */
const struct kt_listing_row *kt_listing_find(const struct kt_listing *l, const char *owner,
					     const char *name);

/*
 * The stability tiers in verdict order: the later, the worse for a program
 * calling a kfunc of it, and the higher audit's exit code. Help texts and
 * messages name them in this order (kt_tier_names()); listing.c has
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
