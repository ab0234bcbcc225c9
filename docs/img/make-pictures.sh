#!/usr/bin/env bash
# Rebuilds the explorer pictures of the README from the compiled CLI: bash docs/img/make-pictures.sh
# (after `npx tsc -p .`; set SPRAGUE="node dist-explorer/src/cli/run.js" to use another build).
set -euo pipefail
cd "$(dirname "$0")/../.."
S=${SPRAGUE:-node dist/src/cli/run.js}
T2=""; for t in $(seq 1 10); do T2+="${T2:+,}$t,$((2 * t))"; done
T50=""; for t in $(seq 1 50); do T50+="${T50:+,}$t,$((2 * t))"; done
$S plot wythoff --overlay maharaja --phi --max 60 --out docs/img/wythoff-maharaja.svg            # maharaja-nim Figure 2
$S plot maharaja --phi --max 1000 --out docs/img/maharaja-bands.png                               # maharaja-nim Figure 3 (right)
$S plot wythoff+3,5 --overlay wythoff --phi --max 100 --out docs/img/wythoff-3-5.svg              # maharaja-nim Figure 8, (3,5)M
$S plot wythoff+1,4 --overlay wythoff --phi --max 60 --out docs/img/wythoff-1-4.svg              # erratum: (1,4)-M differs from Wythoff
$S plot "wythoff+$T2" --phi --max 1500 --out docs/img/maharaja-t-2t.png                           # maharaja-nim Figure 9, t = 1..10
$S plot maharaja --kind deviation --overlay wythoff+2,3 --max 1000000 --out docs/img/deviation-maharaja.png  # Theorem 1.2 bands
$S plot "wythoff+$T50" --kind deviation --max 1000000 --out docs/img/deviation-t-2t-50.png        # Figure 9: the bounded split, t = 1..50
$S plot zeruclid --values --slice 1 --max 100 --out docs/img/zeruclid-1ab.png                     # push-the-button Figure 2
$S plot rewrite:a,a2,a3,a4,b --max 20 --out docs/img/lengths-a-a2-a3-a4-b.svg                      # taking-and-merging, max by length
$S plot rewrite:a,a2,b,b2 --kind counts --max 16 --out docs/img/counts-a-a2-b-b2.svg               # words by value and length
$S plot octal:0.07 --max 300 --out docs/img/dawson-kayles.svg                                      # period 34, preperiod 53
$S plot rewrite:a,a2,b --kind automaton --max 40 --out docs/img/automaton-a-a2-b.svg                # a proved Grundy automaton
$S automaton rewrite:a,a4,b --verify data/automata/a-a4-b.json --dot docs/img/automaton-a-a4-b.svg   # Question 11: 100 states
# The page itself, as the browser test sees it:
SPRAGUE_SCREENSHOT=docs/img/explorer.png node --test "$(dirname "${S##* }")/../../test/web/" > /dev/null
