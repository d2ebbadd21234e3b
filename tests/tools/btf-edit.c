// SPDX-License-Identifier: GPL-2.0
/*
 * btf-edit: rewrite a kernel's or a module's BTF as the tests need it.
 *
 * Usage: btf-edit retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf
 *        btf-edit untag VMLINUX OUT.btf
 *        btf-edit copytags FROM_VMLINUX FROM.ko TO_VMLINUX TO.ko OUT.btf
 *
 * retag: the decl tag named OLD on the FUNC named FUNC in the split BTF of
 * MODULE.ko (on top of VMLINUX's) is renamed NEW, as in a module whose BTF
 * was rewritten after its build. No type id changes, so the module's
 * resolved .BTF_ids stay valid: objcopy --update-section .BTF=OUT.btf.
 *
 * untag: VMLINUX's BTF as a build without the kfunc tag step gives it.
 * resolve_btfids --kfunc-tags appends its decl tags after every type
 * pahole wrote (patches/6.1, "resolve_btfids: Tag kfuncs with their
 * stability tiers in BTF"): the types before the first "bpf_kfunc" tag are
 * copied in order, each keeping its id.
 *
 * copytags: TO.ko's split BTF with every "bpf_kfunc..." decl tag of
 * FROM.ko's functions added to TO.ko's function of the same name. make
 * bench gives a pristine kernel's module the tags the series' build wrote
 * into the patched one, to tell what parsing them costs from what the
 * series' code costs (bench/run-bench). Tags go after every type, so no
 * id changes.
 *
 * Each writes raw BTF to OUT.btf. Exits 0, or 1 with a line on stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf-raw.h"

static int retag(struct btf *btf, const char *func, const char *old, const char *new)
{
	int start = btf__type_cnt(btf__base_btf(btf)), found = 0, off, id;
	struct btf_type *t;

	/* Adding the string first: it makes the BTF modifiable, and moves it */
	off = btf__add_str(btf, new);
	if (off < 0)
		return off;
	for (id = start; id < (int)btf__type_cnt(btf); id++) {
		const struct btf_type *target;

		t = (struct btf_type *)btf__type_by_id(btf, id);
		if (!btf_is_decl_tag(t) || btf_decl_tag(t)->component_idx != -1 ||
		    strcmp(btf__name_by_offset(btf, t->name_off), old))
			continue;
		target = btf__type_by_id(btf, t->type);
		if (!btf_is_func(target) ||
		    strcmp(btf__name_by_offset(btf, target->name_off), func))
			continue;
		t->name_off = off;
		found++;
	}
	return found ? 0 : -ENOENT;
}

/* A new BTF of @btf's types before its first "bpf_kfunc..." decl tag;
 * NULL with errno set, ENOENT when it has no such tag */
static struct btf *untag(const struct btf *btf)
{
	struct btf *out = btf__new_empty();
	int id, ret;

	if (!out)
		return NULL;
	for (id = 1; id < (int)btf__type_cnt(btf); id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_decl_tag(t) &&
		    !strncmp(btf__name_by_offset(btf, t->name_off), "bpf_kfunc", 9))
			return out;
		ret = btf__add_type(out, btf, t);
		if (ret < 0) {
			btf__free(out);
			errno = -ret;
			return NULL;
		}
	}
	btf__free(out);
	errno = ENOENT;
	return NULL;
}

/* @from's "bpf_kfunc..." tags of its own functions, added to @to's
 * functions of the same names; 0, or 1 with a line on stderr */
static int copy_tags(const struct btf *from, struct btf *to)
{
	int id, dst, ret, n = 0;

	for (id = btf__type_cnt(btf__base_btf(from)); id < (int)btf__type_cnt(from); id++) {
		const struct btf_type *t = btf__type_by_id(from, id), *func;
		const char *tag, *name;

		if (!btf_is_decl_tag(t) || btf_decl_tag(t)->component_idx != -1)
			continue;
		tag = btf__name_by_offset(from, t->name_off);
		func = btf__type_by_id(from, t->type);
		if (strncmp(tag, "bpf_kfunc", 9) || !btf_is_func(func))
			continue;
		name = btf__name_by_offset(from, func->name_off);
		dst = btf__find_by_name_kind(to, name, BTF_KIND_FUNC);
		if (dst < 0) {
			fprintf(stderr, "btf-edit: no function %s to copy its tags to\n", name);
			return 1;
		}
		ret = btf__add_decl_tag(to, tag, dst, -1);
		if (ret < 0) {
			fprintf(stderr, "btf-edit: adding tag %s: %s\n", tag, strerror(-ret));
			return 1;
		}
		n++;
	}
	if (!n)
		fprintf(stderr, "btf-edit: no bpf_kfunc tag to copy\n");
	return !n;
}

static int copytags(char **argv)
{
	struct btf *from_base, *to_base, *from = NULL, *to = NULL;
	const char *bad = NULL;
	int err = 1;

	from_base = btf__parse(argv[2], NULL);
	to_base = btf__parse(argv[4], NULL);
	if (!from_base || !to_base)
		bad = from_base ? argv[4] : argv[2];
	else if (!(from = btf__parse_split(argv[3], from_base)))
		bad = argv[3];
	else if (!(to = btf__parse_split(argv[5], to_base)))
		bad = argv[5];
	if (bad) {
		fprintf(stderr, "btf-edit: %s: %s\n", bad, strerror(errno));
		goto out;
	}
	err = copy_tags(from, to) || write_btf("btf-edit", to, argv[6]);
out:
	btf__free(to);
	btf__free(from);
	btf__free(to_base);
	btf__free(from_base);
	return err;
}

int main(int argc, char **argv)
{
	struct btf *base = NULL, *btf = NULL, *out = NULL;
	int err = 1, ret;

	if (argc == 7 && !strcmp(argv[1], "copytags"))
		return copytags(argv);
	if (!(argc == 8 && !strcmp(argv[1], "retag")) &&
	    !(argc == 4 && !strcmp(argv[1], "untag"))) {
		fprintf(stderr, "usage: btf-edit retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf\n"
				"       btf-edit untag VMLINUX OUT.btf\n"
				"       btf-edit copytags FROM_VMLINUX FROM.ko TO_VMLINUX TO.ko OUT.btf\n");
		return 1;
	}
	base = btf__parse(argv[2], NULL);
	if (!base) {
		fprintf(stderr, "btf-edit: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	if (argc == 4) {
		out = untag(base);
		if (!out)
			fprintf(stderr, "btf-edit: %s: %s\n", argv[2],
				errno == ENOENT ? "no bpf_kfunc tag" : strerror(errno));
		else
			err = write_btf("btf-edit", out, argv[3]);
		goto out;
	}
	btf = btf__parse_split(argv[3], base);
	if (!btf) {
		fprintf(stderr, "btf-edit: %s: %s\n", argv[3], strerror(errno));
		goto out;
	}
	ret = retag(btf, argv[4], argv[5], argv[6]);
	if (ret)
		fprintf(stderr, "btf-edit: %s: no tag '%s' on function %s: %s\n",
			argv[3], argv[5], argv[4], strerror(-ret));
	else
		err = write_btf("btf-edit", btf, argv[7]);
out:
	btf__free(out);
	btf__free(btf);
	btf__free(base);
	return err;
}
