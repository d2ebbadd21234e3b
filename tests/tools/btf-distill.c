// SPDX-License-Identifier: GPL-2.0
/*
 * btf-distill: split a module's BTF from the vmlinux it was built on, as
 * pahole 1.26+ does for external modules (--btf_features=distilled_base).
 *
 * Usage: btf-distill VMLINUX MODULE.ko SPLIT.btf BASE.btf
 *
 * The module's .BTF, split BTF on VMLINUX's, is written again as split BTF
 * (SPLIT.btf, its .BTF) on a distilled base (BASE.btf, its .BTF.base)
 * holding only the vmlinux types it refers to, which the loading kernel
 * relocates against its own BTF (btf_relocate()). Its own types get new
 * ids: resolve_btfids must run on the module afterwards.
 *
 * Needs libbpf 1.5 (btf__distill_base()): the kernel tree's own, which its
 * build leaves in tools/bpf/resolve_btfids/libbpf. Exits 0, or 1 with a
 * line on stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf-raw.h"

int main(int argc, char **argv)
{
	struct btf *vmlinux, *split, *new_base = NULL, *new_split = NULL;
	int err;

	if (argc != 5) {
		fprintf(stderr, "usage: btf-distill VMLINUX MODULE.ko SPLIT.btf BASE.btf\n");
		return 1;
	}
	vmlinux = btf__parse(argv[1], NULL);
	if (!vmlinux) {
		fprintf(stderr, "btf-distill: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	split = btf__parse_split(argv[2], vmlinux);
	if (!split) {
		fprintf(stderr, "btf-distill: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	err = btf__distill_base(split, &new_base, &new_split);
	if (err) {
		fprintf(stderr, "btf-distill: %s: cannot distill: %s\n", argv[2], strerror(-err));
		return 1;
	}
	if (write_btf("btf-distill", new_split, argv[3]) ||
	    write_btf("btf-distill", new_base, argv[4]))
		return 1;
	printf("%s: %u base types distilled to %u, %u of its own\n", argv[2],
	       btf__type_cnt(vmlinux), btf__type_cnt(new_base),
	       btf__type_cnt(new_split) - btf__type_cnt(new_base));
	btf__free(new_split);
	btf__free(new_base);
	btf__free(split);
	btf__free(vmlinux);
	return 0;
}
