/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Expectations of one BPF program, read from the object's BTF: DECL_TAG
 * types with component_idx -1 pointing at the program's FUNC, named
 * "comment:test_...", as in the 6.1 tree's
 * tools/testing/selftests/bpf/test_loader.c and progs/bpf_misc.h.
 */
#ifndef KT_EXPECT_H
#define KT_EXPECT_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct btf;

struct kt_dmesg_count {
	long long lo, hi;
	char *needle;
};

struct kt_sysctl_kv {
	char *key;	/* "kernel.bpf_kfunc_deprecation" */
	char *val;	/* "2" */
};

struct kt_expect {
	bool expect_failure;		/* __failure (default: __success) */
	bool has_outcome;		/* __success or __failure given */
	struct kt_strv msgs;		/* __msg, in order */
	struct kt_strv not_msgs;	/* __not_msg */
	bool has_log_level;
	int log_level;			/* __log_level */
	bool has_retval;
	long long retval;		/* __retval */
	char *result_var;		/* __result_var */
	char *trigger;			/* __trigger */
	struct kt_strv dmesg;		/* __dmesg, in order */
	struct kt_strv not_dmesg;	/* __not_dmesg */
	struct kt_strv per_minute;	/* __dmesg_per_minute */
	struct kt_dmesg_count *counts;	/* __dmesg_count */
	int ncounts;
	struct kt_sysctl_kv *sysctls;	/* __sysctl, in order */
	int nsysctls;
	int repeat;			/* __repeat, default 1 */
	bool tight_log;			/* __tight_log */
	bool fresh_warnings;		/* __fresh_warnings */
	unsigned int prog_flags;	/* __flag, ORed */
	bool has_caps;
	unsigned long long caps;	/* __caps, ORed: bits of caps.h's set */
	char *layer;			/* __layer; NULL: "core" */
};

/*
 * Fill @e from the tags on FUNC @func_name in @btf. Returns 0, or -1 with
 * a one-line reason in @err (malformed or unknown tag).
 */
int kt_expect_parse(const struct btf *btf, const char *func_name,
		    struct kt_expect *e, char *err, size_t errlen);
void kt_expect_free(struct kt_expect *e);

/* Anything that needs the kernel log captured? */
bool kt_expect_wants_dmesg(const struct kt_expect *e);
/* Does the program have to be run (test run or attach + trigger)? */
bool kt_expect_wants_run(const struct kt_expect *e);
/* log_level used for the load: the tagged one, at least 1. */
int kt_expect_load_log_level(const struct kt_expect *e);

#endif
