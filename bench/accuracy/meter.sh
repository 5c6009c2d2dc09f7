#!/usr/bin/env bash
# The reuse figures on METER-style data: analyze the corpus with the built CLI, score the ledger's
# reuse list with the reference scorer, then the cross-validated containment threshold
# (bench/accuracy/meter-cv.ts). Run `npx tsc -p tsconfig.build.json` first.
#
#   npm run bench:accuracy [-- CORPUS_DIR]      (default: $SHARED/corpora/meter-dev, SHARED=../shared)
set -euo pipefail
SHARED=${SHARED:-../shared}
CORPUS=${1:-$SHARED/corpora/meter-dev}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
start=$(date +%s)
node dist/cli/main.js analyze "$CORPUS/docs" --store "$OUT/store" --out "$OUT/out" >"$OUT/log" 2>&1
echo "analyze: $(($(date +%s) - start)) s"
python3 "$SHARED/eval/score-meter.py" "$CORPUS" "$OUT/out/ledger.json"
npx tsx bench/accuracy/meter-cv.ts "$CORPUS"
