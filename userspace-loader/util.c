// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Small helpers shared by the subcommands. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kfunctool.h"
#include "util.h"

const char *kt_prog = "kfunctool";
const char *kt_cmd;

void kt_err(const char *fmt, ...)
{
	char buf[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* one line, whatever a path, a program name or a tag holds */
	fprintf(stderr, "%s: ", kt_prog);
	if (kt_cmd)
		fprintf(stderr, "%s: ", kt_cmd);
	kt_put_escaped(stderr, buf, strlen(buf), "");
	fputc('\n', stderr);
}

bool kt_no_load(void)
{
	return getenv("KFUNCTOOL_NO_LOAD") != NULL;
}

void kt_put_escaped(FILE *f, const char *s, size_t n, const char *esc)
{
	for (; n--; s++) {
		unsigned char c = *s;

		if ((c < 0x20 && c != '\t') || c == 0x7f || (c && strchr(esc, c)))
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

/* What every kt_x*() does when memory runs out: there is no going on */
static void __attribute__((noreturn)) out_of_memory(void)
{
	kt_err("out of memory");
	exit(KT_RUNTIME);
}

void *kt_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		out_of_memory();
	}
	return p;
}

FILE *kt_xmemstream(char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);

	if (!f) {
		out_of_memory();
	}
	return f;
}

void *kt_xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p) {
		out_of_memory();
	}
	return p;
}

void *kt_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		out_of_memory();
	}
	return p;
}

char *kt_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(kt_xmalloc(n), s, n);
}

static char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0) {
		out_of_memory();
	}
	return s;
}

char *kt_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/* Append @c, allocated, to @sv */
static void strv_take(struct kt_strv *sv, char *c)
{
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = kt_xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = c;
}

void kt_strv_pushn(struct kt_strv *sv, const char *s, size_t len)
{
	char *c = kt_xmalloc(len + 1);

	memcpy(c, s, len);
	c[len] = '\0';
	strv_take(sv, c);
}

void kt_strv_pushf(struct kt_strv *sv, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strv_take(sv, xvasprintf(fmt, ap));
	va_end(ap);
}

void kt_strv_push(struct kt_strv *sv, const char *s)
{
	kt_strv_pushn(sv, s, strlen(s));
}

bool kt_strv_has(const struct kt_strv *sv, const char *s)
{
	for (int i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return true;
	return false;
}

void kt_strv_free(struct kt_strv *sv)
{
	for (int i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

char *kt_read_file(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 4096;
	char *buf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	buf = kt_xmalloc(cap);
	for (;;) {
		ssize_t r;

		if (len + 1 >= cap) {
			cap *= 2;
			buf = kt_xrealloc(buf, cap);
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			free(buf);
			close(fd);
			errno = e;
			return NULL;
		}
		if (r == 0)
			break;
		len += r;
	}
	close(fd);
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

char *kt_obj_basename(const char *path)
{
	const char *b = strrchr(path, '/');
	char *s;
	size_t n;

	s = kt_xstrdup(b ? b + 1 : path);
	n = strlen(s);
	if (n > 6 && strcmp(s + n - 6, ".bpf.o") == 0)
		s[n - 6] = '\0';
	else if (n > 2 && strcmp(s + n - 2, ".o") == 0)
		s[n - 2] = '\0';
	return s;
}

bool kt_parse_ll(const char *s, long long *out)
{
	char buf[64], *end;
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	/* __retval((-1)) stringifies with its parentheses */
	while (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
		s++;
		n -= 2;
	}
	errno = EINVAL;
	if (n == 0 || n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	/* strtoll: 0xffffffffffffffff must not wrap round to a -1 */
	errno = 0;
	*out = strtoll(buf, &end, 0);
	if (*end || end == buf) {
		errno = EINVAL;
		return false;
	}
	return errno == 0;
}

void kt_pad(FILE *f, const char *s, int w)
{
	int n = (int)strlen(s);

	fputs(s, f);
	for (; n < w; n++)
		fputc(' ', f);
}

void kt_wrap(FILE *f, const char *text, int col0, int indent, int width)
{
	int col = col0;
	const char *p = text;

	while (*p) {
		const char *w = p, *e;
		int wl;

		while (*w == ' ')
			w++;
		if (!*w)
			break;
		e = w;
		while (*e && *e != ' ')
			e++;
		wl = (int)(e - w);
		if (col > indent && col + 1 + wl > width) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (p != text) {
			fputc(' ', f);
			col++;
		}
		fwrite(w, 1, wl, f);
		col += wl;
		p = e;
	}
	fputc('\n', f);
}

char *kt_line_containing(const char *log, const char *needle)
{
	const char *m = strstr(log, needle), *b, *e;
	char *s;

	if (!m)
		return NULL;
	b = m;
	while (b > log && b[-1] != '\n')
		b--;
	e = strchr(m, '\n');
	if (!e)
		e = m + strlen(m);
	s = kt_xmalloc(e - b + 1);
	memcpy(s, b, e - b);
	s[e - b] = '\0';
	return s;
}

long long kt_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
