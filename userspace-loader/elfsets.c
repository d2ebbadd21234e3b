// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The BTF_SET8s of an ELF file's .BTF_ids section (elfsets.h). */
#include <byteswap.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfsets.h"
#include "util.h"

#define SET8_PREFIX "__BTF_ID__set8__"

struct ids {
	Elf_Data *data;		/* .BTF_ids */
	GElf_Shdr shdr;
	size_t shndx;
	bool swap;		/* the file's byte order is not ours */
};

/* The u32 at @off of .BTF_ids, false past its end */
static bool ids_u32(const struct ids *s, size_t off, unsigned int *v)
{
	if (off > s->data->d_size || s->data->d_size - off < 4)
		return false;
	memcpy(v, (const char *)s->data->d_buf + off, 4);
	if (s->swap)
		*v = bswap_32(*v);
	return true;
}

/* Every pair, duplicates too: merged once sorted */
static void add_flags(struct kt_id_flags **f, int *n, unsigned int id, unsigned int flags)
{
	if (!(*n & (*n - 1)))
		*f = kt_xrealloc(*f, (*n ? 2 * *n : 1) * sizeof(**f));
	(*f)[(*n)++] = (struct kt_id_flags){ id, flags };
}

static int cmp_id(const void *a, const void *b)
{
	unsigned int x = ((const struct kt_id_flags *)a)->id;
	unsigned int y = ((const struct kt_id_flags *)b)->id;

	return x < y ? -1 : x > y;
}

/* Every set8 symbol of @symtab into *@f; -1 with @err for a set that
 * does not fit in the section */
static int read_sets(Elf *elf, Elf_Scn *symtab, const struct ids *s, bool exec,
		     struct kt_id_flags **f, int *n, char *err, size_t errlen)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_getdata(symtab, NULL);
	size_t nsyms;
	GElf_Sym sym;

	if (!d || !gelf_getshdr(symtab, &sh) || !sh.sh_entsize)
		return 0;
	nsyms = sh.sh_size / sh.sh_entsize;
	for (size_t i = 0; i < nsyms; i++) {
		unsigned int cnt, id, flags;
		const char *name;
		size_t off;

		if (!gelf_getsym(d, i, &sym) || sym.st_shndx != s->shndx)
			continue;
		name = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (!name || strncmp(name, SET8_PREFIX, strlen(SET8_PREFIX)))
			continue;
		/* an address in vmlinux, an offset in a relocatable module */
		off = exec ? sym.st_value - s->shdr.sh_addr : sym.st_value;
		if (!ids_u32(s, off, &cnt)) {
			snprintf(err, errlen, "set %s lies outside .BTF_ids", name);
			return -1;
		}
		for (unsigned int j = 0; j < cnt; j++) {
			size_t pair = off + 8 + (size_t)j * 8;

			if (!ids_u32(s, pair, &id) || !ids_u32(s, pair + 4, &flags)) {
				snprintf(err, errlen, "set %s: %u entries do not fit in .BTF_ids",
					 name, cnt);
				return -1;
			}
			add_flags(f, n, id, flags);
		}
	}
	return 0;
}

int kt_elf_set8_flags(const char *path, struct kt_id_flags **out, int *n, char *err,
		      size_t errlen)
{
	Elf_Scn *scn = NULL, *symtab = NULL;
	struct ids s = {};
	size_t shstrndx;
	GElf_Ehdr ehdr;
	int fd, ret = 0;
	Elf *elf;

	*out = NULL;
	*n = 0;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return 0;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &ehdr) ||
	    elf_getshdrstrndx(elf, &shstrndx))
		goto out;
	s.swap = ehdr.e_ident[EI_DATA] !=
		 (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB);
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB) {
			symtab = scn;
		} else if (name && !strcmp(name, ".BTF_ids")) {
			s.data = elf_getdata(scn, NULL);
			s.shdr = sh;
			s.shndx = elf_ndxscn(scn);
		}
	}
	if (!s.data || !symtab || !s.data->d_buf)
		goto out;
	ret = read_sets(elf, symtab, &s, ehdr.e_type != ET_REL, out, n, err, errlen);
	if (!ret && *n) {
		int m = 0;

		qsort(*out, *n, sizeof(**out), cmp_id);
		for (int i = 0; i < *n; i++) {
			if (m && (*out)[m - 1].id == (*out)[i].id)
				(*out)[m - 1].flags |= (*out)[i].flags;
			else
				(*out)[m++] = (*out)[i];
		}
		*n = m;
		ret = 1;
	}
	if (ret < 0) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
out:
	elf_end(elf);
	close(fd);
	return ret;
}

const struct kt_id_flags *kt_id_flags_find(const struct kt_id_flags *f, int n, unsigned int id)
{
	struct kt_id_flags key = { id, 0 };

	return n ? bsearch(&key, f, n, sizeof(*f), cmp_id) : NULL;
}
