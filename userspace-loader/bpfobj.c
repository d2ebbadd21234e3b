// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Inspecting BPF object files without loading them (see bpfobj.h). */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "bpfobj.h"
#include "kfunctool.h"

#ifndef EM_BPF
#define EM_BPF 247
#endif

/* ELF view of one object: symbols and relocations of code sections. */
struct elf_sym {
	char *name;
	int shndx;
	unsigned long long value, size;
	int type, bind;
};

struct elf_rel {
	unsigned long long off;
	int sym;
};

struct elf_sec {
	bool code;
	const struct bpf_insn *insns;
	size_t ninsns;
	struct elf_rel *rels;
	int nrels;
};

struct elf_view {
	struct elf_sym *syms;
	int nsyms;
	struct elf_sec *secs;
	size_t nsecs;
};

static void elf_view_free(struct elf_view *ev)
{
	for (int i = 0; i < ev->nsyms; i++)
		free(ev->syms[i].name);
	free(ev->syms);
	for (size_t i = 0; i < ev->nsecs; i++) {
		free(ev->secs[i].rels);
		free((void *)ev->secs[i].insns);
	}
	free(ev->secs);
	memset(ev, 0, sizeof(*ev));
}

static int elf_view_read(Elf *elf, struct elf_view *ev)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrnum(elf, &ev->nsecs) || elf_getshdrstrndx(elf, &shstrndx))
		return -1;
	ev->secs = kt_xcalloc(ev->nsecs, sizeof(*ev->secs));

	while ((scn = elf_nextscn(elf, scn))) {
		size_t idx = elf_ndxscn(scn);
		Elf_Data *data;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_EXECINSTR)) {
			data = elf_getdata(scn, NULL);
			if (data && data->d_size) {
				void *copy = kt_xmalloc(data->d_size);

				memcpy(copy, data->d_buf, data->d_size);
				ev->secs[idx].insns = copy;
				ev->secs[idx].ninsns = data->d_size / sizeof(struct bpf_insn);
			}
			ev->secs[idx].code = true;
		} else if (sh.sh_type == SHT_SYMTAB) {
			int n;

			data = elf_getdata(scn, NULL);
			if (!data || !sh.sh_entsize)
				continue;
			n = sh.sh_size / sh.sh_entsize;
			ev->syms = kt_xcalloc(n, sizeof(*ev->syms));
			for (int i = 0; i < n; i++) {
				GElf_Sym s;
				const char *nm;

				if (!gelf_getsym(data, i, &s))
					return -1;
				nm = elf_strptr(elf, sh.sh_link, s.st_name);
				ev->syms[i].name = kt_xstrdup(nm ? nm : "");
				ev->syms[i].shndx = s.st_shndx;
				ev->syms[i].value = s.st_value;
				ev->syms[i].size = s.st_size;
				ev->syms[i].type = GELF_ST_TYPE(s.st_info);
				ev->syms[i].bind = GELF_ST_BIND(s.st_info);
			}
			ev->nsyms = n;
		}
	}
	/* relocations, once we know which sections hold code */
	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Shdr sh;
		struct elf_sec *t;
		int n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_REL ||
		    sh.sh_info >= ev->nsecs || !ev->secs[sh.sh_info].code || !sh.sh_entsize)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		t = &ev->secs[sh.sh_info];
		n = sh.sh_size / sh.sh_entsize;
		t->rels = kt_xrealloc(t->rels, (t->nrels + n) * sizeof(*t->rels));
		for (int i = 0; i < n; i++) {
			GElf_Rel r;

			if (!gelf_getrel(data, i, &r))
				return -1;
			t->rels[t->nrels].off = r.r_offset;
			t->rels[t->nrels].sym = GELF_R_SYM(r.r_info);
			t->nrels++;
		}
	}
	return 0;
}

/* The function symbol of section @shndx that holds instruction @insn. */
static int func_at(const struct elf_view *ev, int shndx, unsigned long long insn)
{
	unsigned long long off = insn * sizeof(struct bpf_insn);

	for (int i = 0; i < ev->nsyms; i++) {
		const struct elf_sym *s = &ev->syms[i];

		if (s->shndx == shndx && s->type == STT_FUNC &&
		    off >= s->value && off < s->value + s->size)
			return i;
	}
	return -1;
}

static bool is_kfunc(const struct kt_obj *o, const char *name)
{
	for (int i = 0; i < o->nkfuncs; i++)
		if (strcmp(o->kfuncs[i].name, name) == 0)
			return true;
	return false;
}

/* Collect the kfuncs function symbol @fsym calls, following subprog calls. */
static void walk_func(const struct kt_obj *o, const struct elf_view *ev, int fsym,
		      bool *seen, struct kt_strv *out)
{
	const struct elf_sym *f = &ev->syms[fsym];
	const struct elf_sec *sec;
	unsigned long long first, last;

	if (seen[fsym] || f->shndx <= 0 || (size_t)f->shndx >= ev->nsecs)
		return;
	seen[fsym] = true;
	sec = &ev->secs[f->shndx];
	if (!sec->code)
		return;
	first = f->value / sizeof(struct bpf_insn);
	last = (f->value + f->size) / sizeof(struct bpf_insn);
	if (last > sec->ninsns)
		last = sec->ninsns;

	for (unsigned long long i = first; i < last; i++) {
		const struct bpf_insn *in = &sec->insns[i];
		bool pcall = in->code == (BPF_JMP | BPF_CALL) && in->src_reg == BPF_PSEUDO_CALL;
		int rel = -1, target;

		for (int r = 0; r < sec->nrels; r++)
			if (sec->rels[r].off == i * sizeof(struct bpf_insn)) {
				rel = r;
				break;
			}
		if (rel >= 0) {
			const struct elf_sym *s = &ev->syms[sec->rels[rel].sym];

			if (s->shndx == SHN_UNDEF) {
				if (is_kfunc(o, s->name) && !kt_strv_has(out, s->name))
					kt_strv_push(out, s->name);
				continue;
			}
			if (pcall && s->shndx > 0 && (size_t)s->shndx < ev->nsecs) {
				/* call into another section: libbpf's rule */
				target = func_at(ev, s->shndx,
						 s->value / sizeof(struct bpf_insn) + in->imm + 1);
				if (target >= 0)
					walk_func(o, ev, target, seen, out);
			}
			continue;
		}
		if (pcall) {
			target = func_at(ev, f->shndx, i + in->imm + 1);
			if (target >= 0)
				walk_func(o, ev, target, seen, out);
		}
	}
}

/* The object's extern kfuncs: FUNCs of its BTF with extern linkage. */
static void collect_kfuncs(struct kt_obj *o, const struct elf_view *ev)
{
	const struct btf *btf = o->btf;
	int n = btf ? (int)btf__type_cnt(btf) : 0;

	for (int i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		struct kt_kfunc_ref *k;
		const char *name;

		/* a FUNC keeps its linkage in vlen */
		if (!btf_is_func(t) || btf_vlen(t) != BTF_FUNC_EXTERN)
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (!name || !*name)
			continue;
		o->kfuncs = kt_xrealloc(o->kfuncs, (o->nkfuncs + 1) * sizeof(*o->kfuncs));
		k = &o->kfuncs[o->nkfuncs++];
		k->name = kt_xstrdup(name);
		k->weak = false;
		for (int s = 0; s < ev->nsyms; s++)
			if (ev->syms[s].shndx == SHN_UNDEF && strcmp(ev->syms[s].name, name) == 0)
				k->weak = ev->syms[s].bind == STB_WEAK;
	}
}

static int check_file(const char *path)
{
	unsigned char magic[4];
	struct stat st;
	ssize_t r;
	int fd;

	if (stat(path, &st)) {
		if (errno == ENOENT || errno == ENOTDIR) {
			kt_err("%s: no such file", path);
			return KT_NOFILE;
		}
		kt_err("%s: %s", path, strerror(errno));
		return KT_RUNTIME;
	}
	if (!S_ISREG(st.st_mode)) {
		kt_err("%s: not an ELF file (not a regular file)", path);
		return KT_NOTELF;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		kt_err("%s: %s", path, strerror(errno));
		return KT_RUNTIME;
	}
	r = read(fd, magic, sizeof(magic));
	close(fd);
	if (r != sizeof(magic) || memcmp(magic, ELFMAG, SELFMAG) != 0) {
		kt_err("%s: not an ELF file", path);
		return KT_NOTELF;
	}
	return KT_OK;
}

/* The ELF view of @path, once it is known to be a BPF object. */
static int read_elf(const char *path, struct elf_view *ev)
{
	GElf_Ehdr eh;
	Elf *elf;
	int fd, ret = KT_OK;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		kt_err("%s: %s", path, strerror(errno));
		return KT_RUNTIME;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		kt_err("%s: not an ELF file (%s)", path, elf_errmsg(-1));
		ret = KT_NOTELF;
	} else if (eh.e_machine != EM_BPF || eh.e_type != ET_REL) {
		kt_err("%s: ELF file holds no BPF programs (%s, not a BPF object)", path,
		       eh.e_machine != EM_BPF ? "machine is not BPF" : "not relocatable");
		ret = KT_NOPROGS;
	} else if (elf_view_read(elf, ev)) {
		kt_err("%s: broken ELF file (%s)", path, elf_errmsg(-1));
		ret = KT_NOTELF;
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}

/* libbpf's view of @o (its programs), and its BTF as compiled. */
static int open_bpf(struct kt_obj *o, bool expectations)
{
	kt_libbpf_clear_warning();
	o->bobj = bpf_object__open_file(o->path, NULL);
	if (!o->bobj) {
		int err = errno;

		kt_err("%s: libbpf cannot open it: %s%s%s", o->path, strerror(err),
		       *kt_libbpf_last_warning() ? ": " : "", kt_libbpf_last_warning());
		return KT_RUNTIME;
	}
	/*
	 * The object's BTF as the compiler wrote it: libbpf's open rewrites
	 * the linkage of extern kfuncs, which is how we recognise them.
	 */
	o->btf = btf__parse_elf(o->path, NULL);
	if (!o->btf && expectations) {
		kt_err("%s: malformed expectations: object has no BTF (build it with clang -g)",
		       o->path);
		return KT_BADEXPECT;
	}
	return KT_OK;
}

/* The kfuncs @fname calls, itself or through its subprograms. */
static void prog_kfuncs(const struct kt_obj *o, const struct elf_view *ev, const char *fname,
			bool *seen, struct kt_strv *out)
{
	memset(seen, 0, (ev->nsyms + 1) * sizeof(*seen));
	for (int s = 0; s < ev->nsyms; s++)
		if (ev->syms[s].type == STT_FUNC && strcmp(ev->syms[s].name, fname) == 0)
			walk_func(o, ev, s, seen, out);
}

static int read_progs(struct kt_obj *o, const struct elf_view *ev)
{
	struct bpf_program *p;
	bool *seen;
	int i = 0;

	bpf_object__for_each_program(p, o->bobj)
		o->nprogs++;
	if (!o->nprogs) {
		kt_err("%s: ELF file holds no BPF programs", o->path);
		return KT_NOPROGS;
	}
	o->progs = kt_xcalloc(o->nprogs, sizeof(*o->progs));
	seen = kt_xcalloc(ev->nsyms + 1, sizeof(*seen));
	bpf_object__for_each_program(p, o->bobj) {
		struct kt_prog *kp = &o->progs[i++];

		kp->name = kt_xstrdup(bpf_program__name(p));
		kp->sec = kt_xstrdup(bpf_program__section_name(p));
		kp->type = bpf_program__type(p);
		prog_kfuncs(o, ev, kp->name, seen, &kp->kfuncs);
	}
	free(seen);
	return KT_OK;
}

static int read_expectations(struct kt_obj *o)
{
	char err[512];

	for (int i = 0; i < o->nprogs; i++) {
		struct kt_prog *kp = &o->progs[i];

		if (kt_expect_parse(o->btf, kp->name, &kp->expect, err, sizeof(err))) {
			kt_err("%s: program %s: malformed expectations: %s", o->path, kp->name,
			       err);
			return KT_BADEXPECT;
		}
		kp->expect_ok = true;
	}
	return KT_OK;
}

int kt_obj_open(const char *path, bool expectations, struct kt_obj *o)
{
	struct elf_view ev = {};
	int ret;

	memset(o, 0, sizeof(*o));
	ret = check_file(path);
	if (ret)
		return ret;
	o->path = kt_xstrdup(path);
	o->name = kt_obj_basename(path);
	ret = read_elf(path, &ev);
	if (!ret)
		ret = open_bpf(o, expectations);
	if (!ret) {
		collect_kfuncs(o, &ev);
		ret = read_progs(o, &ev);
	}
	if (!ret && expectations)
		ret = read_expectations(o);
	elf_view_free(&ev);
	if (ret)
		kt_obj_close(o);
	return ret;
}

int kt_objs_open(char **paths, int n, bool expectations,
		 struct kt_obj **objs, int *nprogs)
{
	struct kt_obj *o = kt_xcalloc(n, sizeof(*o));
	int ret, total = 0;

	for (int i = 0; i < n; i++) {
		ret = kt_obj_open(paths[i], expectations, &o[i]);
		if (ret) {
			kt_objs_close(o, i);
			return ret;
		}
		total += o[i].nprogs;
	}
	*objs = o;
	if (nprogs)
		*nprogs = total;
	return KT_OK;
}

void kt_objs_close(struct kt_obj *objs, int n)
{
	for (int i = 0; i < n; i++)
		kt_obj_close(&objs[i]);
	free(objs);
}

void kt_obj_close(struct kt_obj *o)
{
	for (int i = 0; i < o->nprogs; i++) {
		free(o->progs[i].name);
		free(o->progs[i].sec);
		kt_strv_free(&o->progs[i].kfuncs);
		kt_expect_free(&o->progs[i].expect);
	}
	free(o->progs);
	for (int i = 0; i < o->nkfuncs; i++)
		free(o->kfuncs[i].name);
	free(o->kfuncs);
	bpf_object__close(o->bobj);
	btf__free(o->btf);
	free(o->path);
	free(o->name);
	memset(o, 0, sizeof(*o));
}

struct kt_prog *kt_obj_find_prog(struct kt_obj *o, const char *name)
{
	for (int i = 0; i < o->nprogs; i++)
		if (strcmp(o->progs[i].name, name) == 0)
			return &o->progs[i];
	return NULL;
}

const char *kt_prog_type_str(int type)
{
	const char *s = libbpf_bpf_prog_type_str(type);

	return s ? s : "unknown";
}
