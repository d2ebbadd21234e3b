// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool load: load one program and pin it on bpffs, so that it outlives
 * kfunctool (module lifecycle tests: the pinned program holds the module).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpfobj.h"
#include "kfunctool.h"
#include "runner.h"

#define LOG_BUF_SZ (1u << 20)

static const char load_usage[] =
"Usage: kfunctool load [--strict] OBJ.bpf.o PROG --pin PATH\n"
"\n"
"Load program PROG of OBJ.bpf.o on its own and pin it at PATH on bpffs\n"
"(mounted at /sys/fs/bpf). The program stays loaded until PATH is removed.\n"
"Its __sysctl tags are not applied. Prints the program's id on success.\n"
"\n"
"  -p, --pin PATH   where to pin it (required)\n"
"  -s, --strict     load with BPF_F_DENY_DEPRECATED_KFUNCS: a deprecated kfunc\n"
"                   call is rejected whatever kernel.bpf_kfunc_deprecation says\n"
"  -h, --help       this help\n"
"\n"
"Exit: 0 loaded and pinned; 2 usage (or no program PROG); 3 missing file;\n"
"4 not ELF; 5 no BPF programs; 6 a kfunc the running kernel lacks;\n"
"8 rejected by the verifier or not pinned.\n";

int cmd_load(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pin", required_argument, NULL, 'p' },
		{ "strict", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct bpf_program *prog, *target = NULL;
	struct bpf_object *obj = NULL;
	struct bpf_prog_info info = {};
	__u32 info_len = sizeof(info);
	const char *pin = NULL, *path, *pname;
	char *log = NULL, *why;
	struct kt_obj o;
	int c, err, ret;

	while ((c = getopt_long(argc, argv, "p:sh", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			pin = optarg;
			break;
		case 's':
			kt_strict = true;
			break;
		case 'h':
			fputs(load_usage, stdout);
			return KT_OK;
		default:
			fputs(load_usage, stderr);
			return KT_USAGE;
		}
	}
	if (argc - optind != 2 || !pin) {
		kt_err("load: want OBJ.bpf.o PROG --pin PATH (see 'kfunctool load --help')");
		return KT_USAGE;
	}
	path = argv[optind];
	pname = argv[optind + 1];
	kt_setup_libbpf_print();

	ret = kt_obj_open(path, false, &o);
	if (ret)
		return ret;
	if (!kt_obj_find_prog(&o, pname)) {
		kt_err("load: %s has no program %s", path, pname);
		ret = KT_USAGE;
		goto out;
	}
	ret = kt_check_kfuncs_present(&o, 1);
	if (ret)
		goto out;

	if (getenv("KFUNCTOOL_NO_LOAD")) {
		kt_err("load: refusing to load %s: KFUNCTOOL_NO_LOAD is set", pname);
		ret = KT_RUNTIME;
		goto out;
	}
	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		kt_err("%s: cannot open: %s", path, kt_errstr(-errno));
		ret = KT_RUNTIME;
		goto out;
	}
	bpf_object__for_each_program(prog, obj) {
		bool me = strcmp(bpf_program__name(prog), pname) == 0;

		bpf_program__set_autoload(prog, me);
		if (me)
			target = prog;
	}
	log = kt_xmalloc(LOG_BUF_SZ);
	log[0] = '\0';
	bpf_program__set_log_buf(target, log, LOG_BUF_SZ);
	bpf_program__set_log_level(target, 1);
	kt_add_load_flags(target, 0);
	kt_libbpf_clear_warning();
	err = bpf_object__load(obj);
	if (err) {
		why = kt_log_reason(log);
		kt_err("load: %s/%s rejected, %s: %s", path, pname, kt_errstr(err),
		       why ? why : (*kt_libbpf_last_warning() ? kt_libbpf_last_warning() :
				    "(no verifier message)"));
		free(why);
		ret = KT_RUNTIME;
		goto out;
	}
	kt_libbpf_clear_warning();
	err = bpf_program__pin(target, pin);
	if (err) {
		kt_err("load: cannot pin %s at %s: %s%s%s", pname, pin, kt_errstr(err),
		       *kt_libbpf_last_warning() ? ": " : "", kt_libbpf_last_warning());
		ret = KT_RUNTIME;
		goto out;
	}
	if (bpf_obj_get_info_by_fd(bpf_program__fd(target), &info, &info_len) == 0)
		printf("pinned %s (id %u) at %s\n", pname, info.id, pin);
	else
		printf("pinned %s at %s\n", pname, pin);
	ret = KT_OK;
out:
	bpf_object__close(obj);	/* the pin keeps the program */
	free(log);
	kt_obj_close(&o);
	return ret;
}
