// SPDX-License-Identifier: GPL-2.0
/*
 * btf-edit: rewrite a kernel's or a module's BTF as the tests need it.
 *
 * Usage: btf-edit retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf
 *        btf-edit untag VMLINUX OUT.btf
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
 * Both write raw BTF to OUT.btf. Exits 0, or 1 with a line on stderr.
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

int main(int argc, char **argv)
{
	struct btf *base = NULL, *btf = NULL, *out = NULL;
	int err = 1, ret;

	if (!(argc == 8 && !strcmp(argv[1], "retag")) &&
	    !(argc == 4 && !strcmp(argv[1], "untag"))) {
		fprintf(stderr, "usage: btf-edit retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf\n"
				"       btf-edit untag VMLINUX OUT.btf\n");
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
