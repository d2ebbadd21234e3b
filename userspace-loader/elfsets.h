/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The kfunc flags an ELF file's build wrote: the BTF_SET8s in its
 * .BTF_ids section, read as resolve_btfids reads them (a symbol
 * __BTF_ID__set8__NAME at each set: a count, the set's flags, then pairs
 * of a BTF id and that kfunc's KF_* flags). The running kernel's BTF
 * (/sys/kernel/btf) has none of this.
 */
#ifndef KT_ELFSETS_H
#define KT_ELFSETS_H

#include <stddef.h>

struct kt_id_flags {
	unsigned int id;	/* a BTF id of the file's BTF */
	unsigned int flags;	/* the OR of its flags in every set8 */
};

/*
 * The ids the set8s of ELF file @path list, sorted by id, into *@out
 * (freed by the caller) and their number into *@n. Returns 1 when read,
 * 0 when @path is not ELF or has no set8 (nothing known), -1 with a
 * reason in @err for a malformed one.
 */
int kt_elf_set8_flags(const char *path, struct kt_id_flags **out, int *n, char *err,
		      size_t errlen);
/* The flags of @id in @f, and whether it is there */
const struct kt_id_flags *kt_id_flags_find(const struct kt_id_flags *f, int n, unsigned int id);

#endif
