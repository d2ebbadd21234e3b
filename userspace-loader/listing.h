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

#include "tier.h"

#define KT_LISTING_PATH "/sys/kernel/debug/bpf/kfuncs"
#define KT_LISTING_NFIELDS 11

struct kt_listing_row {
	char *name;
	char *owner;
	long long btf_id;
	char *hooks;		/* kfunc hooks: "syscall,tracing" */
	enum kt_tier tier;	/* never KT_TIER_UNKNOWN */
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
	bool from_tags;		/* made from BTF tags (kt_kbtf_listing()): no
				 * hooks, flags or counts; text NULL */
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

#endif
