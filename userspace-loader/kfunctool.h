/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* kfunctool: shared definitions (exit codes, messages, options). */
#ifndef KFUNCTOOL_H
#define KFUNCTOOL_H

#include <stdbool.h>
#include <stdio.h>

#define KFUNCTOOL_VERSION "1.0.0"

/*
 * Exit codes, fixed by the project's interface contract (README.md, "Exit
 * codes"): KT_<NAME> = code. Help texts write them as {NAME} (kt_usage()).
 */
#define KT_EXITS(X)							\
	X(OK, 0)		/* everything matched / succeeded */	\
	X(MISMATCH, 1)		/* test: an expectation did not hold */	\
	X(USAGE, 2)		/* bad command line */			\
	X(NOFILE, 3)		/* a named file does not exist */	\
	X(NOTELF, 4)		/* a file is not ELF */			\
	X(NOPROGS, 5)		/* an ELF file holds no BPF programs */	\
	X(NOKFUNC, 6)		/* a kfunc the running kernel lacks */	\
	X(BADEXPECT, 7)		/* malformed expectations in the BTF */	\
	X(RUNTIME, 8)		/* any other runtime error */		\
	X(NOTAGS, 9)		/* the kernel's BTF lacks the kfunc tags */ \
	/* audit verdicts, by tier (kt_tier_exit()): the highest wins */ \
	X(AUDIT_UNSTABLE, 10)						\
	X(AUDIT_DEPRECATED, 11)						\
	X(AUDIT_REMOVED, 12)						\
	X(AUDIT_UNKNOWN, 13)						\
	X(ABI_BREAK, 14)	/* abi-check: a promise is broken */	\
	X(BADDUMP, 15)		/* abi-check: not a kfunc ABI dump */

enum kt_exit {
#define KT_EXIT_ENUM(name, code) KT_##name = code,
	KT_EXITS(KT_EXIT_ENUM)
#undef KT_EXIT_ENUM
};

/* Print help text @text with each {NAME} of KT_EXITS as its code, and
 * {TIERS} as kt_tier_names(). */
void kt_usage(FILE *f, const char *text);

extern const char *kt_prog;	/* "kfunctool" */
extern const char *kt_cmd;	/* the command running, which kt_err() names */
extern int kt_verbose;		/* -v given */
extern bool kt_strict;		/* --strict given: every load denies deprecated kfuncs */

/* The load flag of the stability-tier series (patches/6.1, "bpf: Add the
 * BPF_F_DENY_DEPRECATED_KFUNCS load flag"), for headers that predate it. */
#ifndef BPF_F_DENY_DEPRECATED_KFUNCS
#define BPF_F_DENY_DEPRECATED_KFUNCS (1U << 8)
#endif

/* One line on stderr, prefixed with "kfunctool: " (in util.c: control
 * characters as \xNN, so that a name or tag cannot make it two). */
void kt_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * KFUNCTOOL_NO_LOAD is set: a safety net for host-side tests. Nothing may
 * reach the kernel: no program is loaded, no sysctl written.
 */
bool kt_no_load(void);
/* The last warning libbpf printed (empty when none); for error messages. */
const char *kt_libbpf_last_warning(void);
void kt_libbpf_clear_warning(void);
/* Route libbpf's messages: to stderr with -v, else only remembered. */
void kt_setup_libbpf_print(void);

struct option;
/*
 * A command's command line: its options (getopt_long's table, each
 * option's short name its val; --help is added), the help text, and the
 * operands it takes.
 */
struct kt_args {
	const struct option *opts;
	const char *usage;
	int min_ops, max_ops;	/* max_ops -1: no limit */
	const char *operands;	/* what fewer than min_ops lack: "an object" */
	/* Take option @c with @arg into @ctx: 0, or -1 after saying why not */
	int (*take)(void *ctx, int c, const char *arg);
};

/*
 * Parse a command's argv (argv[0] the command): each option through
 * @a->take, the operands, wherever they stood, into argv[1..*@nops].
 * Return: -1 when the command goes on; else the exit code to end it with:
 * KT_OK after --help, KT_USAGE after a bad option or operand count (said).
 */
int kt_parse_args(int argc, char **argv, const struct kt_args *a, void *ctx, int *nops);

/* Subcommands: argc/argv start at the subcommand name. */
int cmd_test(int argc, char **argv);
int cmd_try(int argc, char **argv);
int cmd_load(int argc, char **argv);
int cmd_repeat(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_tags(int argc, char **argv);
int cmd_gen_header(int argc, char **argv);
int cmd_abi_dump(int argc, char **argv);
int cmd_abi_check(int argc, char **argv);

#endif
