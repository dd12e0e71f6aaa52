#!/usr/bin/env bash
# Issue #14, item 4: the figures of Scripts/bench.sh at 10,000,000 pins (start-up, frame per
# viewport, memory, import, size, search), one round, with the item's absolute goals too:
# start-up ≤ 300 ms, median frames ≤ 16 ms, UI memory ≤ 100 MB. For the README's Benchmarks
# section, not for CI: generating the CSV (≈ 800 MB, kept in $WORK for the next run) and
# importing it take a long while, and the run needs ≈ 4 GB of free disk.
#
# Usage: Scripts/bench_scale.sh                 (release build first: swift build -c release)
#        ROWS=5000000 PAIRS=1 Scripts/bench_scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export ROWS=${ROWS:-10000000} ROUNDS=${ROUNDS:-1} PAIRS=${PAIRS:-3} SCALE=1
exec Scripts/bench.sh
