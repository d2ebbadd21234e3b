/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Kernel BTF: vmlinux plus module BTFs, from the running kernel
 * (/sys/kernel/btf/) or, offline, from a vmlinux file and a directory of
 * module .ko files or raw BTF files. Used to tell whether a kfunc exists
 * and who owns it. Reading these files makes no bpf() syscall.
 */
#ifndef KT_KBTF_H
#define KT_KBTF_H

#include <stdbool.h>
#include <stddef.h>

struct btf;
struct kt_btftags;
struct kt_listing;

struct kt_kbtf_mod {
	char *name;		/* module name ("sample_kfuncs") */
	char *path;		/* the file its BTF was read from */
	struct btf *btf;	/* split BTF on top of vmlinux */
	struct kt_btftags *tags;	/* after kt_kbtf_index_tags() */
};

struct kt_kbtf {
	struct btf *vmlinux;
	char *vmlinux_path;	/* the file vmlinux's BTF was read from */
	struct kt_btftags *vmlinux_tags;
	struct kt_kbtf_mod *mods;
	int nmods;
	char *where;		/* what was read, for messages */
};

/* Returns 0, or -1 with a reason in @err. */
int kt_kbtf_load_running(struct kt_kbtf *k, char *err, size_t errlen);
int kt_kbtf_load_offline(struct kt_kbtf *k, const char *vmlinux, const char *moddir,
			 char *err, size_t errlen);
/* Only the module BTF @file (a .ko or raw BTF) on top of @vmlinux. */
int kt_kbtf_load_file(struct kt_kbtf *k, const char *vmlinux, const char *file,
		      char *err, size_t errlen);
/*
 * The BTF of the kernel @vmlinux names, with the modules of @moddir (may
 * be NULL); or, given @file too, only the module BTF @file on top of
 * @vmlinux; or @file alone as a whole kernel's BTF; or, with neither, the
 * running kernel's. Returns KT_OK, or an exit code after an error line.
 */
int kt_kbtf_load(struct kt_kbtf *k, const char *vmlinux, const char *moddir,
		 const char *file);
void kt_kbtf_free(struct kt_kbtf *k);

/* Does @k hold the BTF of module @name? */
bool kt_kbtf_has_mod(const struct kt_kbtf *k, const char *name);
/* Index the kfunc decl tags of every BTF of @k (btftags.h), once. */
void kt_kbtf_index_tags(struct kt_kbtf *k);
/* The index of @btf, one of @k's (NULL before kt_kbtf_index_tags()). */
const struct kt_btftags *kt_kbtf_tags(const struct kt_kbtf *k, const struct btf *btf);
/* Does some BTF of @k (indexed) have a tier or record tag / a bpf_kfunc tag? */
bool kt_kbtf_any_tier(const struct kt_kbtf *k);
bool kt_kbtf_any_kfunc(const struct kt_kbtf *k);

/*
 * A listing of @k's kfuncs made from their tags (indexed), a row per FUNC
 * tagged bpf_kfunc as the kernel lists a registered kfunc, with no hooks,
 * flags or counts ("-", 0) and l->from_tags set; a kfunc whose tags
 * conflict has no row, as the kernel refuses its module. The rows point
 * into @k's BTF: kt_listing_free() it before kt_kbtf_free(@k).
 */
void kt_kbtf_listing(const struct kt_kbtf *k, struct kt_listing *l);

/*
 * Owner ("vmlinux" or a module name) of FUNC @name, or NULL if the kernel
 * has no such function. @btf_id and @btf (either may be NULL) get its BTF
 * id and the BTF that holds it.
 */
const char *kt_kbtf_find_func(const struct kt_kbtf *k, const char *name, int *btf_id,
			      const struct btf **btf);
/* The same, looking first in the BTF of @owner (a module name) if given:
 * several modules may hold functions of the same name. */
const char *kt_kbtf_find_func_prefer(const struct kt_kbtf *k, const char *name,
				     const char *owner, int *btf_id, const struct btf **btf);

/*
 * Would libbpf accept the object's declaration of a kfunc (FUNC @local_id
 * in @local) for the kernel's (FUNC @targ_id in @targ)? The same rules as
 * libbpf's check: as many arguments, and each argument and the return
 * value of a compatible kind (any integer for an integer, a pointer for a
 * pointer, and so on). Returns true if so; else false and a reason.
 */
bool kt_kbtf_protos_compat(const struct btf *local, int local_id, const struct btf *targ,
			   int targ_id, char *why, size_t whylen);

#endif
