# SPDX-License-Identifier: GPL-2.0
#
# The prelude every script and host test sources (bash):
#
#   . "$(dirname "$0")/../scripts/lib.sh"
#
# It sets top (the checkout), KVER (the kernel tree, 6.1 unless set),
# BUILD_DIR (absolute; build unless set), B ($BUILD_DIR/$KVER) and
# tree_home (patches/$KVER, the one home of everything of that tree: its
# series, config fragments, test baselines and tree.env, which it
# sources), and gives die and usage. A KVER with no series stops here, naming the trees
# there are (docs/trees.md says how to add one).

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KVER=${KVER:-6.1}
BUILD_DIR=$(realpath -m "${BUILD_DIR:-$top/build}")
B=$BUILD_DIR/$KVER
tree_home=$top/patches/$KVER

# die MESSAGE: the message on stderr, prefixed with the script's name;
# exit 1
die() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# usage: the script's help, its leading comment after the shebang and
# licence lines, to the first line that is no comment
usage() {
	awk 'NR < 3 { next } !/^#/ { exit } { sub(/^# ?/, "") } $0 != "" || n++ { print }' "$0"
}

if [ ! -f "$tree_home/series" ] || [ ! -f "$tree_home/tree.env" ]; then
	printf '%s: no kernel tree %s: patches/%s has no series or tree.env (trees: %s)\n' \
		"${0##*/}" "$KVER" "$KVER" \
		"$(cd "$top/patches" && echo */ | tr -d /)" >&2
	exit 2
fi
# shellcheck source=/dev/null
. "$tree_home/tree.env"
