// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* The stability tiers (see tier.h). */
#include <stdio.h>
#include <string.h>

#include "kfunctool.h"
#include "tier.h"

/* The tiers of enum kt_tier: the listing's names, audit's exit codes. */
static const struct {
	const char *name;
	int exit;
} tiers[] = {
	[KT_TIER_STABLE] = { "stable", KT_OK },
	[KT_TIER_UNSTABLE] = { "unstable", KT_AUDIT_UNSTABLE },
	[KT_TIER_DEPRECATED] = { "deprecated", KT_AUDIT_DEPRECATED },
	[KT_TIER_REMOVED] = { "removed", KT_AUDIT_REMOVED },
	[KT_TIER_UNKNOWN] = { "unknown", KT_AUDIT_UNKNOWN },
};

int kt_tier_rank(const char *name)
{
	for (int i = 0; i < KT_TIER_UNKNOWN; i++)
		if (strcmp(name, tiers[i].name) == 0)
			return i;
	return -1;
}

int kt_tier_option(const char *arg)
{
	int rank = kt_tier_rank(arg);

	if (rank < 0)
		kt_err("unknown tier '%s' (%s)", arg, kt_tier_names());
	return rank;
}

const char *kt_tier_name(enum kt_tier t)
{
	return tiers[t].name;
}

int kt_tier_exit(enum kt_tier t)
{
	return tiers[t].exit;
}

void kt_tier_record(enum kt_tier t, const char *since, const char *removal,
		    const char *replacement, char *buf, size_t len)
{
	since = since ? since : "-";
	removal = removal ? removal : "-";
	replacement = replacement ? replacement : "-";
	if (t == KT_TIER_DEPRECATED)
		snprintf(buf, len, "deprecated since %s, removal planned for %s, replacement: %s",
			 since, removal, replacement);
	else if (t == KT_TIER_REMOVED)
		snprintf(buf, len, "removed in %s, replacement: %s", removal, replacement);
	else if (len)
		buf[0] = '\0';
}

const char *kt_tier_names(void)
{
	static char buf[64];

	if (!buf[0])
		for (int i = 0; i < KT_TIER_UNKNOWN; i++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
				 i ? ", " : "", tiers[i].name);
	return buf;
}
