// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * Every command's command line, parsed one way: options and operands in
 * any order, --help and a bad option answered alike, the operand count
 * checked with the command named once (by kt_err()).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfunctool.h"
#include "util.h"

#define MAX_OPTS 16

/*
 * What getopt_long() refused: @c '?' or ':', @last the argument it last
 * stepped past, optopt the option's val, or 0 for a long one it does not
 * know (@last then)
 */
static void bad_option(const char *last, int c, const struct option *opts)
{
	const char *name = NULL;
	int len = 0;

	if (!strncmp(last, "--", 2)) {
		len = strcspn(last + 2, "=");
		for (int i = 0; optopt && opts[i].name; i++)
			if (opts[i].val == optopt && !strncmp(opts[i].name, last + 2, len))
				name = opts[i].name;
	}
	if (c == ':' && name)
		kt_err("missing argument of '--%s' (see 'kfunctool %s --help')", name, kt_cmd);
	else if (c == ':')
		kt_err("missing argument of '-%c' (see 'kfunctool %s --help')", optopt, kt_cmd);
	else if (name)
		kt_err("'--%s' takes no argument (see 'kfunctool %s --help')", name, kt_cmd);
	else if (optopt)
		kt_err("unknown option '-%c' (see 'kfunctool %s --help')", optopt, kt_cmd);
	else
		kt_err("unknown option '%.*s' (see 'kfunctool %s --help')",
		       len ? len + 2 : (int)strlen(last), last, kt_cmd);
}

int kt_parse_args(int argc, char **argv, const struct kt_args *a, void *ctx, int *nops)
{
	struct option opts[MAX_OPTS + 2];
	/*
	 * "-": getopt_long returns each operand as option 1, in order; ":":
	 * it says nothing, kt_err() does, and ':' is a missing argument
	 */
	char spec[3 * MAX_OPTS + 4] = "-:h", *s = spec + 3;
	int n, c;

	for (n = 0; a->opts[n].name; n++) {
		if (n == MAX_OPTS)
			abort();	/* a command's table outgrew MAX_OPTS */
		opts[n] = a->opts[n];
		*s++ = opts[n].val;
		if (opts[n].has_arg == required_argument)
			*s++ = ':';
	}
	*s = '\0';
	opts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	opts[n] = (struct option){};

	*nops = 0;
	while ((c = getopt_long(argc, argv, spec, opts, NULL)) != -1) {
		if (c == 1) {
			argv[1 + (*nops)++] = optarg;	/* getopt is past that slot */
		} else if (c == 'h') {
			kt_usage(stdout, a->usage);
			return KT_OK;
		} else if (c == '?' || c == ':') {
			bad_option(argv[optind - 1], c, opts);
			return KT_USAGE;
		} else if (a->take(ctx, c, optarg)) {
			return KT_USAGE;
		}
	}
	while (optind < argc)	/* after "--" */
		argv[1 + (*nops)++] = argv[optind++];
	if (*nops < a->min_ops) {
		kt_err("want %s (see 'kfunctool %s --help')", a->operands, kt_cmd);
		return KT_USAGE;
	}
	if (a->max_ops >= 0 && *nops > a->max_ops) {
		kt_err("unexpected argument '%s' (see 'kfunctool %s --help')",
		       argv[1 + a->max_ops], kt_cmd);
		return KT_USAGE;
	}
	return -1;
}
