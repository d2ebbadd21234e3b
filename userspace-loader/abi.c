// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The kfunc ABI dump's text form (abi.h): writing and reading it. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"

/* The KF_* bits by name, as the kernel's kfunc listing shows them. Bit 3
 * was KF_KPTR_GET until 6.4 and is unused since. */
static const char *const kf_names[] = {
	"acquire", "release", "ret_null", "kptr_get", "trusted_args", "sleepable",
	"destructive", "rcu", "iter_new", "iter_next", "iter_destroy", "rcu_protected",
	"fastcall",
};
#define KF_FASTCALL (1u << 12)

void kt_kf_flags_str(unsigned int flags, char *buf, size_t len)
{
	unsigned int unknown = flags & ~((1u << ARRAY_SIZE(kf_names)) - 1);
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(kf_names); i++) {
		if (flags & (1u << i) && pos < len)
			pos += snprintf(buf + pos, len - pos, "%s%s", pos ? "," : "", kf_names[i]);
	}
	if (unknown && pos < len)
		pos += snprintf(buf + pos, len - pos, "%s%#x", pos ? "," : "", unknown);
	if (!pos)
		snprintf(buf, len, "-");
}

bool kt_kf_flags_parse(const char *s, unsigned int *flags)
{
	char *copy = kt_xstrdup(s), *save = NULL, *w, *end;
	bool ok = true;

	*flags = 0;
	if (!strcmp(s, "-"))
		goto out;
	for (w = strtok_r(copy, ",", &save); w && ok; w = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < ARRAY_SIZE(kf_names) && strcmp(w, kf_names[i]); i++)
			;
		if (i < ARRAY_SIZE(kf_names)) {
			*flags |= 1u << i;
			continue;
		}
		errno = 0;
		if (strncmp(w, "0x", 2) || !w[2]) {
			ok = false;
			break;
		}
		unsigned long v = strtoul(w, &end, 16);

		ok = !*end && !errno && v <= 0xffffffffUL;
		*flags |= v;
	}
	if (!ok || (*flags & KT_KF_TIER_BITS))
		ok = false;
out:
	free(copy);
	return ok;
}

unsigned int kt_kf_flags_restricting(unsigned int flags)
{
	return flags & ~KF_FASTCALL;
}

/* The next number of release @s, past its dot; false at its end */
static bool release_part(const char **s, unsigned long *v)
{
	char *end;

	if (**s < '0' || **s > '9')
		return false;
	*v = strtoul(*s, &end, 10);
	*s = end;
	if (**s == '.')
		(*s)++;
	return true;
}

int kt_release_cmp(const char *a, const char *b, bool *ok)
{
	unsigned long x, y;
	bool more_a, more_b;

	/* "6.12.38", "6.1.0-31-amd64", "6.1.192+": the numbers at the start */
	*ok = a && b && *a >= '0' && *a <= '9' && *b >= '0' && *b <= '9';
	while (*ok) {
		x = y = 0;
		more_a = release_part(&a, &x);
		more_b = release_part(&b, &y);
		if (!more_a && !more_b)
			break;
		if (x != y)
			return x < y ? -1 : 1;
	}
	return 0;
}

static void put_token(FILE *f, const char *s)
{
	kt_put_escaped(f, s, strlen(s), " \t\\");
}

static void put_value(FILE *f, const char *key, const char *s)
{
	fprintf(f, "\t%s ", key);
	kt_put_escaped(f, s, strlen(s), "\t\\");
	fputc('\n', f);
}

void kt_abi_write(FILE *f, const struct kt_abi *abi)
{
	char flags[256];

	fprintf(f, "%s %d\nrelease ", KT_ABI_MAGIC, KT_ABI_VERSION);
	put_token(f, abi->release ? abi->release : "-");
	fputs("\nowners", f);
	for (int i = 0; i < abi->owners.n; i++) {
		fputc(' ', f);
		put_token(f, abi->owners.v[i]);
	}
	fputc('\n', f);
	for (int i = 0; i < abi->n; i++) {
		const struct kt_abi_kfunc *k = &abi->kfuncs[i];

		fputs("kfunc ", f);
		put_token(f, k->owner);
		fputc(' ', f);
		put_token(f, k->name);
		fprintf(f, "\n\ttier %s\n", kt_tier_name(k->tier));
		if (k->since)
			put_value(f, "since", k->since);
		if (k->removal)
			put_value(f, "removal", k->removal);
		if (k->replacement)
			put_value(f, "replacement", k->replacement);
		if (k->has_flags) {
			kt_kf_flags_str(k->flags, flags, sizeof(flags));
			fprintf(f, "\tflags %s\n", flags);
		}
		put_value(f, "proto", k->proto);
		put_value(f, "ret", k->ret);
		for (int j = 0; j < k->nargs; j++) {
			fputs("\targ ", f);
			put_token(f, k->args[j].name);
			fputc(' ', f);
			kt_put_escaped(f, k->args[j].type, strlen(k->args[j].type), "\t\\");
			fputc('\n', f);
		}
	}
	fprintf(f, "end %d\n", abi->n);
}

/* Parsing: one line at a time, with its number for messages */
struct parser {
	const char *p, *end;
	int lineno;
	char *err;
	size_t errlen;
};

static int fail(struct parser *ps, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(ps->err, ps->errlen, "line %d: ", ps->lineno);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < ps->errlen)
		vsnprintf(ps->err + n, ps->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The next line, NUL-terminated in @buf, without its newline; NULL at the end */
static char *next_line(struct parser *ps, char *buf, size_t len, bool *toolong)
{
	const char *nl;
	size_t n;

	*toolong = false;
	if (ps->p >= ps->end)
		return NULL;
	nl = memchr(ps->p, '\n', ps->end - ps->p);
	n = (nl ? nl : ps->end) - ps->p;
	ps->lineno++;
	if (n >= len || memchr(ps->p, '\0', n)) {
		*toolong = true;
		n = 0;
	}
	memcpy(buf, ps->p, n);
	buf[n] = '\0';
	ps->p = nl ? nl + 1 : ps->end;
	return buf;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* @s with each \xNN as its byte; NULL for a bad escape (or \x00) */
static char *unescape(const char *s)
{
	char *out = kt_xmalloc(strlen(s) + 1), *o = out;

	while (*s) {
		int hi, lo;

		if (*s != '\\') {
			*o++ = *s++;
			continue;
		}
		hi = s[1] == 'x' ? hex_digit(s[2]) : -1;
		lo = hi >= 0 ? hex_digit(s[3]) : -1;
		if (lo < 0 || (!hi && !lo)) {
			free(out);
			return NULL;
		}
		*o++ = hi << 4 | lo;
		s += 4;
	}
	*o = '\0';
	return out;
}

/* The @n words of @line split at single spaces, the last taking the rest */
static int split(char *line, char **w, int n)
{
	int i = 0;

	while (i < n - 1) {
		char *sp = strchr(line, ' ');

		if (!sp)
			break;
		*sp = '\0';
		w[i++] = line;
		line = sp + 1;
	}
	w[i++] = line;
	return i;
}

static int set_once(struct parser *ps, char **field, const char *key, const char *val)
{
	if (*field)
		return fail(ps, "'%s' given twice", key);
	*field = unescape(val);
	if (!*field)
		return fail(ps, "bad escape in '%s'", key);
	return 0;
}

static int parse_kfunc_line(struct parser *ps, struct kt_abi_kfunc *k, char *line,
			    bool *has_tier)
{
	char *w[3];
	int n = split(line + 1, w, 2);

	if (n != 2 || !*w[1])
		return fail(ps, "'%s' without a value", w[0]);
	if (!strcmp(w[0], "tier")) {
		int t = kt_tier_rank(w[1]);

		if (*has_tier)
			return fail(ps, "'tier' given twice");
		if (t < 0)
			return fail(ps, "unknown tier '%s'", w[1]);
		k->tier = t;
		*has_tier = true;
		return 0;
	}
	if (!strcmp(w[0], "since"))
		return set_once(ps, &k->since, "since", w[1]);
	if (!strcmp(w[0], "removal"))
		return set_once(ps, &k->removal, "removal", w[1]);
	if (!strcmp(w[0], "replacement"))
		return set_once(ps, &k->replacement, "replacement", w[1]);
	if (!strcmp(w[0], "proto"))
		return set_once(ps, &k->proto, "proto", w[1]);
	if (!strcmp(w[0], "ret"))
		return set_once(ps, &k->ret, "ret", w[1]);
	if (!strcmp(w[0], "flags")) {
		if (k->has_flags)
			return fail(ps, "'flags' given twice");
		if (!kt_kf_flags_parse(w[1], &k->flags))
			return fail(ps, "bad flags '%s'", w[1]);
		k->has_flags = true;
		return 0;
	}
	if (!strcmp(w[0], "arg")) {
		struct kt_abi_arg a = {};

		n = split(w[1], w, 2);
		if (n != 2 || !*w[0] || !*w[1])
			return fail(ps, "'arg' wants a name and a type");
		a.name = unescape(w[0]);
		a.type = unescape(w[1]);
		if (!a.name || !a.type) {
			free(a.name);
			free(a.type);
			return fail(ps, "bad escape in 'arg'");
		}
		k->args = kt_xrealloc(k->args, (k->nargs + 1) * sizeof(*k->args));
		k->args[k->nargs++] = a;
		return 0;
	}
	return fail(ps, "unknown key '%s'", w[0]);
}

static void free_kfunc(struct kt_abi_kfunc *k)
{
	free(k->owner);
	free(k->name);
	free(k->since);
	free(k->removal);
	free(k->replacement);
	free(k->proto);
	free(k->ret);
	for (int i = 0; i < k->nargs; i++) {
		free(k->args[i].name);
		free(k->args[i].type);
	}
	free(k->args);
}

/* The block that ended: complete, and not a second one of its name */
static int end_kfunc(struct parser *ps, struct kt_abi *abi, bool has_tier)
{
	struct kt_abi_kfunc *k = &abi->kfuncs[abi->n - 1];

	if (!has_tier || !k->proto || !k->ret)
		return fail(ps, "kfunc %s %s lacks its %s", k->owner, k->name,
			    !has_tier ? "tier" : !k->proto ? "proto" : "ret");
	for (int i = 0; i < abi->n - 1; i++) {
		if (!strcmp(abi->kfuncs[i].owner, k->owner) && !strcmp(abi->kfuncs[i].name, k->name))
			return fail(ps, "kfunc %s %s given twice", k->owner, k->name);
	}
	return 0;
}

int kt_abi_parse(const char *text, size_t len, struct kt_abi *abi, char *err, size_t errlen)
{
	struct parser ps = { text, text + len, 0, err, errlen };
	bool in_kfunc = false, has_tier = false, toolong, ended = false;
	char *line, buf[8192], *w[3];
	int version, n, count;

	memset(abi, 0, sizeof(*abi));
	line = next_line(&ps, buf, sizeof(buf), &toolong);
	if (!line || sscanf(line, KT_ABI_MAGIC " %d%n", &version, &n) != 1 || line[n]) {
		snprintf(err, errlen, "not a kfunc ABI dump (no '%s %d' line first)",
			 KT_ABI_MAGIC, KT_ABI_VERSION);
		goto bad;
	}
	if (version != KT_ABI_VERSION) {
		fail(&ps, "version %d of the dump format; this kfunctool reads %d", version,
		     KT_ABI_VERSION);
		goto bad;
	}
	line = next_line(&ps, buf, sizeof(buf), &toolong);
	if (!line || strncmp(line, "release ", 8) || !line[8] || strchr(line + 8, ' ')) {
		fail(&ps, "want 'release R' after the first line");
		goto bad;
	}
	abi->release = strcmp(line + 8, "-") ? unescape(line + 8) : NULL;
	if (strcmp(line + 8, "-") && !abi->release) {
		fail(&ps, "bad escape in the release");
		goto bad;
	}
	line = next_line(&ps, buf, sizeof(buf), &toolong);
	if (!line || strncmp(line, "owners ", 7)) {
		fail(&ps, "want 'owners OWNER...' after the release");
		goto bad;
	}
	for (char *o = strtok(line + 7, " "); o; o = strtok(NULL, " ")) {
		char *u = unescape(o);

		if (!u || kt_strv_has(&abi->owners, u)) {
			fail(&ps, u ? "owner %s given twice" : "bad escape in an owner", o);
			free(u);
			goto bad;
		}
		kt_strv_push(&abi->owners, u);
		free(u);
	}
	if (!abi->owners.n) {
		fail(&ps, "no owner");
		goto bad;
	}
	while ((line = next_line(&ps, buf, sizeof(buf), &toolong))) {
		if (toolong) {
			fail(&ps, "a line of over %zu bytes, or with a NUL", sizeof(buf) - 1);
			goto bad;
		}
		if (ended) {
			fail(&ps, "text after the 'end' line");
			goto bad;
		}
		if (line[0] == '\t') {
			if (!in_kfunc) {
				fail(&ps, "an indented line outside a kfunc block");
				goto bad;
			}
			if (parse_kfunc_line(&ps, &abi->kfuncs[abi->n - 1], line, &has_tier))
				goto bad;
			continue;
		}
		if (in_kfunc && end_kfunc(&ps, abi, has_tier))
			goto bad;
		in_kfunc = false;
		if (sscanf(line, "end %d%n", &count, &n) == 1 && !line[n]) {
			if (count != abi->n) {
				fail(&ps, "'end %d', but %d kfuncs read", count, abi->n);
				goto bad;
			}
			ended = true;
			continue;
		}
		if (split(line, w, 3) != 3 || strcmp(w[0], "kfunc") || !*w[1] || !*w[2] ||
		    strchr(w[2], ' ')) {
			fail(&ps, "want 'kfunc OWNER NAME' or 'end N'");
			goto bad;
		}
		abi->kfuncs = kt_xrealloc(abi->kfuncs, (abi->n + 1) * sizeof(*abi->kfuncs));
		abi->kfuncs[abi->n] = (struct kt_abi_kfunc){
			.owner = unescape(w[1]), .name = unescape(w[2]),
		};
		abi->n++;
		if (!abi->kfuncs[abi->n - 1].owner || !abi->kfuncs[abi->n - 1].name) {
			fail(&ps, "bad escape in a kfunc's owner or name");
			goto bad;
		}
		if (!kt_strv_has(&abi->owners, abi->kfuncs[abi->n - 1].owner)) {
			fail(&ps, "owner %s is not in the 'owners' line", w[1]);
			goto bad;
		}
		in_kfunc = true;
		has_tier = false;
	}
	if (!ended) {
		fail(&ps, "no 'end' line: the dump is cut short");
		goto bad;
	}
	return 0;
bad:
	kt_abi_free(abi);
	return -1;
}

void kt_abi_free(struct kt_abi *abi)
{
	for (int i = 0; i < abi->n; i++)
		free_kfunc(&abi->kfuncs[i]);
	free(abi->kfuncs);
	free(abi->release);
	kt_strv_free(&abi->owners);
	memset(abi, 0, sizeof(*abi));
}

const struct kt_abi_kfunc *kt_abi_find(const struct kt_abi *abi, const char *owner,
				       const char *name)
{
	for (int i = 0; i < abi->n; i++) {
		if (!strcmp(abi->kfuncs[i].owner, owner) && !strcmp(abi->kfuncs[i].name, name))
			return &abi->kfuncs[i];
	}
	return NULL;
}
