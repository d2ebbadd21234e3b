// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool abi-dump: the kfunc ABI of a kernel or module (abi.h), from
 * its BTF, its BTF tags and, where the input is an ELF file, its kfunc
 * sets' flags.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include <bpf/btf.h>

#include "abi.h"
#include "btftags.h"
#include "elfsets.h"
#include "kbtf.h"
#include "kfuncsel.h"
#include "kfunctool.h"
#include "util.h"

static const char abi_dump_usage[] =
"Usage: kfunctool abi-dump [--kernel-btf VMLINUX [--modules-btf DIR] | --btf FILE --base VMLINUX]\n"
"                          [--module MODULE]... [--release R] [-o FILE]\n"
"\n"
"Write the kfunc ABI of a kernel or of its modules as text to keep in git and\n"
"compare with 'kfunctool abi-check': per kfunc (a FUNC tagged bpf_kfunc) its\n"
"owner, tier and lifecycle record, its C prototype, and what a compiled program\n"
"depends on in its types (typedefs looked through, types by name, never by BTF\n"
"id), its KF_* flags where the input is an ELF file with kfunc sets (a vmlinux or\n"
"a .ko: not /sys/kernel/btf), and the kernel release. By default reads the\n"
"running kernel's BTF; the same BTF gives the same bytes.\n"
"\n"
"  -k, --kernel-btf VMLINUX   the kernel's vmlinux (or its raw BTF)\n"
"  -M, --modules-btf DIR      its modules: a directory of .ko files or raw BTF\n"
"  -b, --btf FILE             only FILE: a module's .ko on top of --base, or\n"
"                             without --base a whole kernel's BTF\n"
"  -B, --base VMLINUX         the vmlinux FILE's module BTF is split from\n"
"  -m, --module MODULE        only MODULE's kfuncs ('vmlinux' for the kernel's);\n"
"                             may be repeated\n"
"  -r, --release R            the kernel release to record (default: read from\n"
"                             the vmlinux, uname -r for the running kernel; '-'\n"
"                             when neither tells)\n"
"  -o, --output FILE          write FILE (not created on error), not stdout\n"
"  -h, --help                 this help\n"
"\n"
"Exit: {OK} written; {USAGE} usage; {NOFILE} a file named does not exist; {NOKFUNC} a --module\n"
"the BTF does not have; {NOTAGS} no BTF read has a bpf_kfunc tag; {RUNTIME} other error\n"
"(BTF or kfunc sets unreadable, a kfunc with conflicting tier tags, output not written).\n";

struct ad_args {
	struct kt_sel_args sel;
	const char *release;
};

static int take(void *ctx, int c, const char *arg)
{
	struct ad_args *a = ctx;

	if (c == 'r') {
		a->release = arg;
		return 0;
	}
	return kt_sel_option(&a->sel, c, arg);
}

/* -1 when the command goes on, else its exit code (--help, bad usage) */
static int parse_args(int argc, char **argv, struct ad_args *a)
{
	static const struct option opts[] = {
		KT_SEL_OPTIONS,
		{ "release", required_argument, NULL, 'r' },
		{}
	};
	static const struct kt_args args = { opts, abi_dump_usage, 0, 0, NULL, take };
	int nops, ret = kt_parse_args(argc, argv, &args, a, &nops);

	if (ret >= 0)
		return ret;
	if (a->release && (!*a->release || strpbrk(a->release, " \t\n\\"))) {
		kt_err("--release '%s': want a release such as 6.12.38", a->release);
		return KT_USAGE;
	}
	return kt_sel_check_args(&a->sel) ? -1 : KT_USAGE;
}

/* The release in a vmlinux's banner, "Linux version 6.1.158 (...", or NULL */
static char *banner_release(const char *path)
{
	static const char pfx[] = "Linux version ";
	size_t len, n;
	char *buf = kt_read_file(path, &len), *p, *out = NULL;

	for (p = buf; p && (p = memmem(p, len - (p - buf), pfx, sizeof(pfx) - 1));
	     p += sizeof(pfx) - 1) {
		char *r = p + sizeof(pfx) - 1;

		for (n = 0; r + n < buf + len && r[n] > ' ' && r[n] < 0x7f && r[n] != '\\'; n++)
			;
		/* the banner itself, not a format string or a message about it */
		if (n && r[0] >= '0' && r[0] <= '9' && r + n + 1 < buf + len && r[n] == ' ' &&
		    r[n + 1] == '(') {
			out = kt_xasprintf("%.*s", (int)n, r);
			break;
		}
	}
	free(buf);
	return out;
}

/* "int 8 unsigned", "ptr struct sk_buff"... of type @id (abi.h) */
static void describe(const struct btf *btf, int id, char *buf, size_t len, bool pointee)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name;

	/* what a call sees through typedefs and qualifiers */
	while (t && (btf_is_typedef(t) || btf_is_mod(t) || btf_is_type_tag(t))) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	if (!id || !t) {
		snprintf(buf, len, "void");
		return;
	}
	name = btf__name_by_offset(btf, t->name_off);
	if (!name || !*name)
		name = "(anon)";
	switch (btf_kind(t)) {
	case BTF_KIND_INT: {
		__u8 enc = btf_int_encoding(t);

		snprintf(buf, len, "int %u %s", t->size,
			 enc & BTF_INT_BOOL ? "bool" : enc & BTF_INT_CHAR ? "char" :
			 enc & BTF_INT_SIGNED ? "signed" : "unsigned");
		break;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		snprintf(buf, len, "enum %u", t->size);
		break;
	case BTF_KIND_FLOAT:
		snprintf(buf, len, "float %u", t->size);
		break;
	case BTF_KIND_PTR: {
		char target[512];

		describe(btf, t->type, target, sizeof(target), true);
		snprintf(buf, len, "ptr %s", target);
		break;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		/* by name behind a pointer; by value its size counts too */
		if (pointee)
			snprintf(buf, len, "%s %s", btf_is_struct(t) ? "struct" : "union", name);
		else
			snprintf(buf, len, "%s %s %u", btf_is_struct(t) ? "struct" : "union", name,
				 t->size);
		break;
	case BTF_KIND_FWD:
		snprintf(buf, len, "%s %s", btf_kflag(t) ? "union" : "struct", name);
		break;
	case BTF_KIND_FUNC_PROTO:
		snprintf(buf, len, "func");
		break;
	case BTF_KIND_ARRAY:
		snprintf(buf, len, "array");
		break;
	default:
		snprintf(buf, len, "kind %u", btf_kind(t));
	}
}

static void proto_printf(void *ctx, const char *fmt, va_list ap)
{
	vfprintf(ctx, fmt, ap);
}

/* Kfunc @f of @s into @k, with its flags from @fl (NULL: not known);
 * false when its prototype cannot be written */
static bool make_kfunc(const struct kt_source *s, const struct kt_kfunc *f,
		       const struct kt_id_flags *fl, struct kt_abi_kfunc *k)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = f->name);
	const struct btf_type *fn = btf__type_by_id(s->btf, f->tags->id);
	const struct btf_type *proto = btf__type_by_id(s->btf, fn->type);
	const struct btf_param *p = btf_params(proto);
	struct btf_dump *d;
	char type[1024];
	size_t len = 0;
	FILE *mem;
	int err;

	*k = (struct kt_abi_kfunc){
		.owner = kt_xstrdup(s->name), .name = kt_xstrdup(f->name), .tier = f->tags->tier,
	};
	k->since = f->tags->since ? kt_xstrdup(f->tags->since) : NULL;
	k->removal = f->tags->removal ? kt_xstrdup(f->tags->removal) : NULL;
	k->replacement = f->tags->replacement ? kt_xstrdup(f->tags->replacement) : NULL;
	if (fl) {
		k->has_flags = true;
		k->flags = fl->flags & ~KT_KF_TIER_BITS;
	}
	mem = kt_xmemstream(&k->proto, &len);
	d = btf_dump__new(s->btf, proto_printf, mem, NULL);
	err = d ? btf_dump__emit_type_decl(d, fn->type, &opts) : -1;
	btf_dump__free(d);
	fclose(mem);
	if (err)
		return false;
	describe(s->btf, proto->type, type, sizeof(type), false);
	k->ret = kt_xstrdup(type);
	k->nargs = btf_vlen(proto);
	k->args = kt_xcalloc(k->nargs, sizeof(*k->args));
	for (int i = 0; i < k->nargs; i++) {
		const char *name = btf__name_by_offset(s->btf, p[i].name_off);

		describe(s->btf, p[i].type, type, sizeof(type), false);
		k->args[i].name = kt_xstrdup(name && *name ? name : "-");
		k->args[i].type = kt_xstrdup(type);
	}
	return true;
}

/* @abi from the kfuncs of @s; an exit code after an error line */
static int build_abi(const struct ad_args *a, const struct kt_source *s, int ns,
		     struct kt_abi *abi)
{
	int ret = KT_OK;

	for (int i = 0; i < ns && !ret; i++) {
		struct kt_id_flags *flags = NULL;
		struct kt_kfunc *fs = NULL;
		int nflags = 0, nbad = 0, n;
		const char *path = s[i].path;
		char err[1024];

		kt_strv_push(&abi->owners, s[i].name);
		if (path && kt_elf_set8_flags(path, &flags, &nflags, err, sizeof(err)) < 0) {
			kt_err("%s: its kfunc sets cannot be read: %s", path, err);
			return KT_RUNTIME;
		}
		n = kt_sel_kfuncs(&a->sel, &s[i], &fs, &nbad, err, sizeof(err));
		if (nbad) {
			kt_err("%s; no dump written", err);
			ret = KT_RUNTIME;
		}
		abi->kfuncs = kt_xrealloc(abi->kfuncs, (abi->n + n) * sizeof(*abi->kfuncs));
		for (int j = 0; j < n && !ret; j++) {
			const struct kt_id_flags *fl = NULL;

			/* the build tagged the kfuncs of its sets: each is in one */
			if (flags) {
				fl = kt_id_flags_find(flags, nflags, fs[j].tags->id);
				if (!fl) {
					kt_err("%s: kfunc %s is in no kfunc set of the file (BTF ids of another build?)",
					       path, fs[j].name);
					ret = KT_RUNTIME;
					break;
				}
			}
			if (!make_kfunc(&s[i], &fs[j], fl, &abi->kfuncs[abi->n++])) {
				kt_err("%s: %s: cannot write its prototype: %s",
				       s[i].name, fs[j].name, kt_libbpf_last_warning());
				ret = KT_RUNTIME;
			}
		}
		free(flags);
		free(fs);
	}
	return ret;
}

int cmd_abi_dump(int argc, char **argv)
{
	struct ad_args a = {};
	struct kt_kbtf k = {};
	struct kt_source *s = NULL;
	struct kt_abi abi = {};
	char *buf = NULL;
	struct utsname u;
	size_t len = 0;
	int ret, ns;
	FILE *f;

	ret = parse_args(argc, argv, &a);
	if (ret >= 0)
		goto out;
	kt_setup_libbpf_print();
	ret = kt_sel_open(&a.sel, "dump", &k, &s, &ns);
	if (ret)
		goto out;
	if (a.release && strcmp(a.release, "-"))
		abi.release = kt_xstrdup(a.release);
	else if (!a.release && !a.sel.kbtf && !a.sel.btf && !uname(&u))
		abi.release = kt_xstrdup(u.release);
	else if (!a.release)
		abi.release = banner_release(a.sel.kbtf ? a.sel.kbtf :
					     a.sel.base ? a.sel.base : a.sel.btf);
	ret = build_abi(&a, s, ns, &abi);
	if (ret)
		goto out;
	f = kt_xmemstream(&buf, &len);
	kt_abi_write(f, &abi);
	fclose(f);
	ret = kt_write_out(a.sel.out, buf, len);
out:
	free(buf);
	free(s);
	kt_abi_free(&abi);
	kt_strv_free(&a.sel.modules);
	kt_kbtf_free(&k);
	return ret;
}
