/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * The aligned tables of list, audit and try. Each column is as wide as
 * its widest cell (the header included) plus two spaces; the last cell
 * of a row is never padded, so no line ends in spaces. A table is laid
 * out in two passes over the same rows: kt_table_row() only measures
 * them until kt_table_head() has printed the header, then prints them,
 * and the caller adds its own lines (notes, details) after each.
 */
#ifndef KT_TABLE_H
#define KT_TABLE_H

#include <stdbool.h>

#define KT_TABLE_MAX_COLS 8

struct kt_table {
	const char *indent;		/* before every row */
	const char *const *heads;
	int ncols;
	unsigned int right;		/* bit i: column i right-aligned (counts) */
	int w[KT_TABLE_MAX_COLS];
	bool printing;			/* the header is out: rows print */
};

void kt_table_init(struct kt_table *t, const char *indent, const char *const *heads,
		   int ncols, unsigned int right);
/* The first @n cells of a row (fewer than the columns: the rest left out). */
void kt_table_row(struct kt_table *t, const char *const *cells, int n);
/* Print the header; from now on kt_table_row() prints. */
void kt_table_head(struct kt_table *t);
/* The column at which the last cell of a row starts. */
int kt_table_last_col(const struct kt_table *t);

#endif
