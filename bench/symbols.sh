#!/usr/bin/env bash
# Variable symbols, release build (not part of the tests): `lumen symbols check LIBRARY --json`
# over a 300-symbol library (900 masters: the corpus' interpolatable triplets copied with small
# translations, half as symbol templates, half as three-file folders), best of RUNS wall-clock
# runs, against fontTools' varLib.interpolatable over the same symbols in one Python process
# (reading the SVGs included); goal: Lumen <= 1 s for the 300.
#
#   bench/symbols.sh            RUNS=5
source "$(dirname "$0")/common.sh"

scripts/setup.sh --oracles
build_release lumen
"$ROOT/.venv-oracle/bin/python" "$ROOT/bench/symbols_library.py" "$ROOT/.build/release/lumen" \
  "$OUT/symbols"
