// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Aligned tables for a person (see table.h). */
#include <stdio.h>
#include <string.h>

#include "table.h"
#include "util.h"

#define GAP 2

void kt_table_init(struct kt_table *t, const char *indent, const char *const *heads,
		   int ncols, unsigned int right)
{
	memset(t, 0, sizeof(*t));
	t->indent = indent;
	t->heads = heads;
	t->ncols = ncols;
	t->right = right;
	for (int i = 0; i < ncols; i++)
		t->w[i] = strlen(heads[i]);
}

static void measure(struct kt_table *t, const char *const *cells, int n)
{
	for (int i = 0; i < n; i++)
		if ((int)strlen(cells[i]) > t->w[i])
			t->w[i] = strlen(cells[i]);
}

static void print(const struct kt_table *t, const char *const *cells, int n)
{
	fputs(t->indent, stdout);
	for (int i = 0; i < n - 1; i++) {
		if (t->right & (1u << i))
			printf("%*s%*s", t->w[i], cells[i], GAP, "");
		else
			kt_pad(stdout, cells[i], t->w[i] + GAP);
	}
	printf("%s\n", cells[n - 1]);
}

void kt_table_row(struct kt_table *t, const char *const *cells, int n)
{
	if (t->printing)
		print(t, cells, n);
	else
		measure(t, cells, n);
}

void kt_table_head(struct kt_table *t)
{
	t->printing = true;
	print(t, t->heads, t->ncols);
}

int kt_table_last_col(const struct kt_table *t)
{
	int col = strlen(t->indent);

	for (int i = 0; i < t->ncols - 1; i++)
		col += t->w[i] + GAP;
	return col;
}
