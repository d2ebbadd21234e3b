/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * A BPF object file as the subcommands see it before anything is loaded:
 * checked to be a BPF ELF with programs, its programs, the kfuncs it
 * declares (extern FUNCs in its BTF, placed in .ksyms) and which program
 * calls which kfunc (from the ELF relocations, following subprogram
 * calls). Opening one never makes a bpf() syscall.
 */
#ifndef KT_BPFOBJ_H
#define KT_BPFOBJ_H

#include <stdbool.h>

#include "expect.h"
#include "util.h"

struct bpf_object;
struct btf;

struct kt_kfunc_ref {
	char *name;
	bool weak;		/* __weak: may be missing from the kernel */
};

struct kt_prog {
	char *name;		/* bpf_program__name() */
	char *sec;		/* ELF section ("syscall", "fentry/ksys_write") */
	int type;		/* enum bpf_prog_type */
	struct kt_strv kfuncs;	/* kfuncs this program (or its subprograms) calls */
	struct kt_expect expect;
	bool expect_ok;		/* expectations parsed (only when asked) */
};

struct kt_obj {
	char *path;
	char *name;		/* basename without .bpf.o */
	struct kt_kfunc_ref *kfuncs;	/* every extern kfunc of the object */
	int nkfuncs;
	struct kt_prog *progs;
	int nprogs;
	struct bpf_object *bobj;	/* opened, never loaded */
	struct btf *btf;		/* BTF as compiled (not rewritten by libbpf) */
};

/*
 * Open and inspect @path. With @expectations, also read each program's
 * expectations. Returns KT_OK or an exit code (KT_NOFILE, KT_NOTELF,
 * KT_NOPROGS, KT_BADEXPECT, KT_RUNTIME) after printing one line on stderr.
 */
int kt_obj_open(const char *path, bool expectations, struct kt_obj *o);
void kt_obj_close(struct kt_obj *o);

/*
 * Open all @n objects of @paths, or none: the first failure closes those
 * already opened and returns its exit code. On success *@objs holds them
 * and *@nprogs (if not NULL) their programs in all.
 */
int kt_objs_open(char **paths, int n, bool expectations,
		 struct kt_obj **objs, int *nprogs);
void kt_objs_close(struct kt_obj *objs, int n);

struct kt_prog *kt_obj_find_prog(struct kt_obj *o, const char *name);
const char *kt_prog_type_str(int type);

#endif
