// SPDX-License-Identifier: GPL-2.0
/*
 * btf-retag: change one decl tag of a function in a module's BTF, as a
 * module whose BTF was rewritten after its build would have it.
 *
 * Usage: btf-retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf
 *
 * Finds the decl tag named OLD on the FUNC named FUNC in the split BTF of
 * MODULE.ko (on top of VMLINUX's), renames it NEW, and writes the whole
 * BTF to OUT.btf, for objcopy --update-section .BTF=OUT.btf. No type id
 * changes, so the module's resolved .BTF_ids stay valid. Exits 0, or 1
 * with a line on stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

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

int main(int argc, char **argv)
{
	struct btf *base = NULL, *btf = NULL;
	const void *raw;
	int err = 1, ret;
	__u32 size;
	FILE *f;

	if (argc != 7) {
		fprintf(stderr, "usage: btf-retag VMLINUX MODULE.ko FUNC OLD NEW OUT.btf\n");
		return 1;
	}
	base = btf__parse(argv[1], NULL);
	if (!base) {
		fprintf(stderr, "btf-retag: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	btf = btf__parse_split(argv[2], base);
	if (!btf) {
		fprintf(stderr, "btf-retag: %s: %s\n", argv[2], strerror(errno));
		goto out;
	}
	ret = retag(btf, argv[3], argv[4], argv[5]);
	if (ret) {
		fprintf(stderr, "btf-retag: %s: no tag '%s' on function %s: %s\n",
			argv[2], argv[4], argv[3], strerror(-ret));
		goto out;
	}
	raw = btf__raw_data(btf, &size);
	f = fopen(argv[6], "w");
	if (!raw || !f) {
		fprintf(stderr, "btf-retag: %s: %s\n", argv[6], strerror(errno));
		if (f)
			fclose(f);
		goto out;
	}
	ret = fwrite(raw, 1, size, f) != size;
	ret |= fclose(f);
	if (ret) {
		fprintf(stderr, "btf-retag: writing %s failed\n", argv[6]);
		goto out;
	}
	err = 0;
out:
	btf__free(btf);
	btf__free(base);
	return err;
}
