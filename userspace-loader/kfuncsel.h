/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The kfuncs of a kernel's BTF, chosen the same way by every command that
 * writes something of them (gen-header, abi-dump): the running kernel's
 * BTF or files (--kernel-btf, --modules-btf, or --btf on --base), vmlinux
 * first and then the modules by name, --module and --tier filters, the
 * kfuncs of each BTF by name.
 */
#ifndef KT_KFUNCSEL_H
#define KT_KFUNCSEL_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

struct btf;
struct kt_btftags;
struct kt_kbtf;
struct kt_kfunc_tags;

struct kt_sel_args {
	const char *kbtf;	/* offline: the target's vmlinux, */
	const char *mods;	/* its modules' BTF; */
	const char *btf;	/* or one BTF, */
	const char *base;	/* on top of this vmlinux */
	struct kt_strv modules;	/* --module, none: all */
	unsigned int tiers;	/* bit (1 << enum kt_tier) per --tier, 0: all */
	const char *out;	/* --output, NULL: stdout */
};

/* One BTF whose kfuncs are wanted: vmlinux or a module. */
struct kt_source {
	const char *name;
	const struct btf *btf;
	const struct kt_btftags *tags;
	const char *path;	/* the file the BTF was read from */
};

struct kt_kfunc {
	const char *name;
	const struct kt_kfunc_tags *tags;
};

/* The selection's options and --output; --tier, which not every command
 * has, apart */
#define KT_SEL_OPTIONS							\
	{ "kernel-btf", required_argument, NULL, 'k' },			\
	{ "modules-btf", required_argument, NULL, 'M' },		\
	{ "btf", required_argument, NULL, 'b' },			\
	{ "base", required_argument, NULL, 'B' },			\
	{ "module", required_argument, NULL, 'm' },			\
	{ "output", required_argument, NULL, 'o' }
#define KT_SEL_TIER_OPTION { "tier", required_argument, NULL, 't' }

/* kt_args' take() for those, into the struct kt_sel_args @sel: 0, or -1
 * after an error line (and for an option of another) */
int kt_sel_option(void *sel, int c, const char *arg);
/* The option combinations that make no sense; false after an error line. */
bool kt_sel_check_args(const struct kt_sel_args *a);
/*
 * The BTF named, or the running kernel's, indexed, into @k, and the BTFs
 * whose kfuncs are wanted into *@s (freed by the caller), *@ns of them:
 * vmlinux (not when it is only the base of --btf), then the modules by
 * name, less those --module leaves out. A BTF without any bpf_kfunc tag is
 * refused: its kfuncs cannot be told. Returns an exit code, after an error
 * line saying that no @what was written.
 */
int kt_sel_open(const struct kt_sel_args *a, const char *what,
		struct kt_kbtf *k, struct kt_source **s, int *ns);
/*
 * The kfuncs of @s that --tier wants, by name, in *@out (freed by the
 * caller); their number. A kfunc whose tier tags conflict could be of any
 * tier: it counts in *@nbad, the first in @bad.
 */
int kt_sel_kfuncs(const struct kt_sel_args *a, const struct kt_source *s, struct kt_kfunc **out,
		  int *nbad, char *bad, size_t badlen);
/*
 * @len bytes of @buf to @path, or stdout when NULL; an exit code. A regular
 * file that cannot be written whole is removed; a device or pipe never is.
 */
int kt_write_out(const char *path, const char *buf, size_t len);

#endif
