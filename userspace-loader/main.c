// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool: test, try, load, list and audit BPF programs that call kfuncs
 * of every stability tier (unstable, stable, deprecated, removed), and show
 * the tiers the kernel's BTF tags give.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "kfunctool.h"
#include "listing.h"
#include "sysctl.h"
#include "util.h"

int kt_verbose;
bool kt_strict;

/* Each command's synopsis is in its own help only: here, one line each */
static const char usage_head[] =
"Usage: kfunctool COMMAND [OPTIONS] [ARGS]\n"
"       kfunctool help [COMMAND] | --help | --version\n"
"\n"
"Commands:\n";
static const char usage_tail[] =
"\n"
"'kfunctool COMMAND --help' gives a command's options and exit codes.\n"
"Exit codes: {OK} ok; {MISMATCH} test mismatch; {USAGE} usage; {NOFILE} missing file; {NOTELF} not ELF;\n"
"{NOPROGS} no BPF programs; {NOKFUNC} kfunc not in the running kernel; {BADEXPECT} malformed\n"
"expectations; {RUNTIME} other runtime error; {NOTAGS} kernel BTF without kfunc tags;\n"
"audit: {AUDIT_UNSTABLE} unstable, {AUDIT_DEPRECATED} deprecated, {AUDIT_REMOVED} removed, {AUDIT_UNKNOWN} unknown kfunc (the highest\n"
"applicable wins); abi-check: {ABI_BREAK} a promise is broken, {BADDUMP} not a kfunc ABI dump.\n";

static const struct {
	const char *name;
	int code;
} exits[] = {
#define KT_EXIT_NAME(name, code) { #name, code },
	KT_EXITS(KT_EXIT_NAME)
#undef KT_EXIT_NAME
};

/* {NAME}, the @n bytes at @name: an exit code, or the tiers */
static void put_placeholder(FILE *f, const char *name, int n)
{
	if (n == (int)strlen("TIERS") && !strncmp(name, "TIERS", n)) {
		fputs(kt_tier_names(), f);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(exits); i++) {
		if ((int)strlen(exits[i].name) == n && !strncmp(name, exits[i].name, n)) {
			fprintf(f, "%d", exits[i].code);
			return;
		}
	}
	fprintf(f, "{%.*s}", n, name);	/* a typo shows in the help */
}

void kt_usage(FILE *f, const char *text)
{
	const char *p, *end;

	while ((p = strchr(text, '{')) && (end = strchr(p, '}'))) {
		fwrite(text, 1, p - text, f);
		put_placeholder(f, p + 1, end - p - 1);
		text = end + 1;
	}
	fputs(text, f);
}

/* The last few libbpf warnings, to explain a failure in one line. */
#define NWARN 4
static char warn[NWARN][512];
static int warn_next;

void kt_libbpf_clear_warning(void)
{
	memset(warn, 0, sizeof(warn));
	warn_next = 0;
}

const char *kt_libbpf_last_warning(void)
{
	/* the most recent warning that says more than "it failed" */
	for (int i = 1; i <= NWARN; i++) {
		const char *w = warn[(warn_next - i + NWARN) % NWARN];

		if (w[0] && !strstr(w, "failed to load object") &&
		    !strstr(w, "failed to load BPF skeleton") && !strstr(w, "-- END"))
			return w;
	}
	return warn[(warn_next - 1 + NWARN) % NWARN];
}

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	va_list copy;

	if (level == LIBBPF_WARN) {
		char *w = warn[warn_next];
		size_t n;

		va_copy(copy, ap);
		vsnprintf(w, sizeof(warn[0]), fmt, copy);
		va_end(copy);
		if (!strncmp(w, "libbpf: ", 8))
			memmove(w, w + 8, strlen(w + 8) + 1);
		n = strlen(w);
		while (n && w[n - 1] == '\n')
			w[--n] = '\0';
		if (n && !strchr(w, '\n'))	/* skip multi-line log dumps */
			warn_next = (warn_next + 1) % NWARN;
		else
			w[0] = '\0';
	}
	if (!kt_verbose || level == LIBBPF_DEBUG)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

void kt_setup_libbpf_print(void)
{
	libbpf_set_print(libbpf_print);
}

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *what;
} cmds[] = {
	{ "test", cmd_test, "load each program on its own, check it against its expectations, print KTAP" },
	{ "try", cmd_try, "load each program once, show what the kernel said" },
	{ "load", cmd_load, "load one program and pin it" },
	{ "repeat", cmd_repeat, "load programs again and again, each N times in turn" },
	{ "list", cmd_list, "the kernel's kfuncs with tier and usage counts" },
	{ "audit", cmd_audit, "tier and registration of every kfunc an object calls" },
	{ "tags", cmd_tags, "the kernel's kfuncs with the tiers their BTF tags give" },
	{ "gen-header", cmd_gen_header, "a header of kfunc prototypes marked with their tiers" },
	{ "abi-dump", cmd_abi_dump, "the kfunc ABI as text to keep in git" },
	{ "abi-check", cmd_abi_check, "what changed between two dumps; every broken promise" },
};

static void usage(FILE *f)
{
	kt_usage(f, usage_head);
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		fprintf(f, "  %-12s%s\n", cmds[i].name, cmds[i].what);
	kt_usage(f, usage_tail);
}

static const struct cmd *find_cmd(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(cmds[i].name, name))
			return &cmds[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct cmd *c;

	/* quiet by default; -v (test) turns libbpf's warnings on */
	kt_setup_libbpf_print();
	kt_sysctl_install_guards();

	if (argc < 2) {
		usage(stderr);
		return KT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return KT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("kfunctool %s (libbpf %u.%u)\n", KFUNCTOOL_VERSION,
		       libbpf_major_version(), libbpf_minor_version());
		return KT_OK;
	}
	if (!strcmp(argv[1], "help")) {
		if (argc == 2) {
			usage(stdout);
			return KT_OK;
		}
		c = find_cmd(argv[2]);
		if (!c) {
			kt_cmd = "help";
			kt_err("unknown command '%s'", argv[2]);
			return KT_USAGE;
		}
		kt_cmd = c->name;
		return c->fn(2, (char *[]){ argv[2], "--help", NULL });
	}
	c = find_cmd(argv[1]);
	if (!c) {
		kt_err("unknown command '%s' (see 'kfunctool --help')", argv[1]);
		return KT_USAGE;
	}
	/* the subcommand parses its own options with getopt from argv[0] */
	kt_cmd = c->name;
	return c->fn(argc - 1, argv + 1);
}
