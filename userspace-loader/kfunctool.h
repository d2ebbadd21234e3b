/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* kfunctool: shared definitions (exit codes, messages, options). */
#ifndef KFUNCTOOL_H
#define KFUNCTOOL_H

#include <stdbool.h>
#include <stdio.h>

#define KFUNCTOOL_VERSION "1.0.0"

/* Exit codes, fixed by the project's interface contract. */
enum kt_exit {
	KT_OK = 0,		/* everything matched / succeeded */
	KT_MISMATCH = 1,	/* test: at least one expectation did not hold */
	KT_USAGE = 2,		/* bad command line */
	KT_NOFILE = 3,		/* a named file does not exist */
	KT_NOTELF = 4,		/* a file is not ELF */
	KT_NOPROGS = 5,		/* an ELF file holds no BPF programs */
	KT_NOKFUNC = 6,		/* an object calls a kfunc the running kernel lacks */
	KT_BADEXPECT = 7,	/* malformed expectations in an object's BTF */
	KT_RUNTIME = 8,		/* any other runtime error */
	/* audit verdicts: the highest applicable wins */
	KT_AUDIT_UNSTABLE = 10,
	KT_AUDIT_DEPRECATED = 11,
	KT_AUDIT_REMOVED = 12,
	KT_AUDIT_UNKNOWN = 13,
};

extern const char *kt_prog;	/* "kfunctool" */
extern int kt_verbose;		/* -v given */
extern bool kt_strict;		/* --strict given: every load denies deprecated kfuncs */

/* The load flag of the stability-tier series (patches/6.1, "bpf: Add the
 * BPF_F_DENY_DEPRECATED_KFUNCS load flag"), for headers that predate it. */
#ifndef BPF_F_DENY_DEPRECATED_KFUNCS
#define BPF_F_DENY_DEPRECATED_KFUNCS (1U << 6)
#endif

/* One line on stderr, prefixed with "kfunctool: " (in util.c: control
 * characters as \xNN, so that a name or tag cannot make it two). */
void kt_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The last warning libbpf printed (empty when none); for error messages. */
const char *kt_libbpf_last_warning(void);
void kt_libbpf_clear_warning(void);
/* Route libbpf's messages: to stderr with -v, else only remembered. */
void kt_setup_libbpf_print(void);

/* Subcommands: argc/argv start at the subcommand name. */
int cmd_test(int argc, char **argv);
int cmd_try(int argc, char **argv);
int cmd_load(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_audit(int argc, char **argv);

#endif
