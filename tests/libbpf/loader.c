// SPDX-License-Identifier: GPL-2.0
/*
 * libbpf-tiers: load a BPF object with the 6.12 tree's own libbpf (the
 * series' libbpf patch) and show what an application sees: every message
 * libbpf prints at its default level (warnings and information), the
 * load's result, and each program's return value.
 *
 * Usage: libbpf-tiers [--deny-deprecated] [--target TARGET] OBJECT
 * --target: OBJECT's programs are freplace programs of TARGET's first
 * program, which runs once they are attached.
 * Exit: 0 loaded and ran, 1 the load failed, 2 usage or a failure to open,
 * attach or run.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

/* As libbpf's default print callback: warnings and information, which
 * libbpf prefixes with "libbpf: " */
static int print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	return vprintf(fmt, ap);
}

/* Run each program of @obj once, printing what it returned */
static int run_all(struct bpf_object *obj)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, obj) {
		LIBBPF_OPTS(bpf_test_run_opts, run);

		if (bpf_prog_test_run_opts(bpf_program__fd(prog), &run)) {
			printf("%s: run failed: %s\n", bpf_program__name(prog), strerror(errno));
			return 2;
		}
		printf("%s: loaded, returned %u\n", bpf_program__name(prog), run.retval);
	}
	return 0;
}

static struct bpf_object *open_load(const char *path, struct bpf_object_open_opts *opts,
				    int *rc)
{
	struct bpf_object *obj = bpf_object__open_file(path, opts);
	int err;

	if (!obj) {
		printf("open failed: %s\n", strerror(errno));
		*rc = 2;
		return NULL;
	}
	err = bpf_object__load(obj);
	if (err) {
		printf("load failed: %s\n", strerror(-err));
		bpf_object__close(obj);
		*rc = 1;
		return NULL;
	}
	return obj;
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts);
	struct bpf_object *obj = NULL, *target = NULL;
	struct bpf_link *links[8] = {};
	struct bpf_program *prog;
	const char *target_path = NULL;
	int rc = 0, nlinks = 0, target_fd = -1, i;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: libbpf-tiers [--deny-deprecated] [--target TARGET] OBJECT\n"
		       "Load OBJECT with this libbpf, show what libbpf prints and what each\n"
		       "program returns; --target: OBJECT's freplace programs replace a\n"
		       "function of TARGET's first program, which then runs.\n");
		return 0;
	}
	for (i = 1; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--deny-deprecated"))
			opts.deny_deprecated_kfuncs = true;
		else if (!strcmp(argv[i], "--target") && i + 1 < argc - 1)
			target_path = argv[++i];
		else
			break;
	}
	if (i != argc - 1 || argv[i][0] == '-') {
		fprintf(stderr, "usage: libbpf-tiers [--deny-deprecated] [--target TARGET] OBJECT\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	libbpf_set_print(print);
	if (target_path) {
		target = open_load(target_path, NULL, &rc);
		if (!target)
			return 2;
		target_fd = bpf_program__fd(bpf_object__next_program(target, NULL));
		obj = bpf_object__open_file(argv[i], &opts);
		if (!obj) {
			printf("open failed: %s\n", strerror(errno));
			rc = 2;
			goto out;
		}
		bpf_object__for_each_program(prog, obj)
			bpf_program__set_attach_target(prog, target_fd, NULL);
		rc = bpf_object__load(obj);
		if (rc) {
			printf("load failed: %s\n", strerror(-rc));
			rc = 1;
			goto out;
		}
		bpf_object__for_each_program(prog, obj) {
			const char *fn = strchr(bpf_program__section_name(prog), '/');

			if (nlinks == 8 || !fn) {
				rc = 2;
				goto out;
			}
			links[nlinks] = bpf_program__attach_freplace(prog, target_fd, fn + 1);
			if (!links[nlinks]) {
				printf("%s: attach failed: %s\n", bpf_program__name(prog),
				       strerror(errno));
				rc = 2;
				goto out;
			}
			nlinks++;
		}
		rc = run_all(target);
		goto out;
	}
	obj = open_load(argv[i], &opts, &rc);
	if (obj)
		rc = run_all(obj);
out:
	while (nlinks)
		bpf_link__destroy(links[--nlinks]);
	bpf_object__close(obj);
	bpf_object__close(target);
	return rc;
}
