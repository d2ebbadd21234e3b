#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The verifier oracle's short run (tests/oracle; the long one is make
# fuzz-verifier). Random programs that call kfuncs of every tier, as root
# and with CAP_BPF alone, under each policy, must get what the rules of
# kfuncs.rst give: verdict, tier lines in the log, listing counters. Random
# programs that call no tiered kfunc must get the verdict and verifier log
# (timing, BTF and map ids aside) the pristine kernel of the same config
# gave them: /regress/verifier-oracle.txt (patches/$KVER/verifier-oracle.txt,
# made by make baseline).
# make check-debug asks for fewer (ORACLE_SEEDS): under KASAN and kmemleak
# a load costs ten times as much, and its checkers need the paths, not
# the variety.
model_seeds=1-${ORACLE_SEEDS:-200}
plain_seeds=1-${ORACLE_SEEDS:-200}
base=/regress/verifier-oracle.txt
rc=0

verifier-oracle model $model_seeds > /tmp/model.out 2>&1 || rc=1
grep -v '^not ok' /tmp/model.out
grep '^not ok' /tmp/model.out | head -n 20 | sed 's/^/  /'

[ -r "$base" ] || { echo "no pristine results in $base: make baseline"; exit 1; }
verifier-oracle plain $plain_seeds > /tmp/plain.out 2>&1 || rc=1
last=${plain_seeds#*-}
awk -v last="$last" '$1 <= last' "$base" > /tmp/plain.base
if ! cmp -s /tmp/plain.base /tmp/plain.out; then
	echo "plain: loads unlike the pristine kernel's (seed mode verdict log-hash):"
	diff /tmp/plain.base /tmp/plain.out | head -n 20 | sed 's/^/  /'
	rc=1
fi
echo "plain: $(wc -l < /tmp/plain.out) loads of seeds $plain_seeds," \
	"$(grep -c ' ok0 ' /tmp/plain.out) loaded; pristine: $(wc -l < /tmp/plain.base) loads"
exit $rc
