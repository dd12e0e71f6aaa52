#!/usr/bin/env bash
# Map render benchmark (issue 4, item 7).
#
# Builds a release pinmap, generates ROWS pins (default 1,000,000) with the project's
# deterministic generator (Scripts/gen_pins.py, seed 42), imports them with
# `pinmap import --index` into a fresh store (timed: the import, then the map's pin cell
# tree, search and list indexes that a large import otherwise leaves for later), then runs
# `pinmap bench render --size 200x60` on that store and on the 45 sample pins
# (Data/pins/pins-seoul.csv), and prints, per viewport, how many times slower the big store
# is (median and worst frame), and the start-up and memory of both.
# Targets: every frame under 10 ms and start-up under 150 ms with 1,000,000 pins; the big
# store at most 2x the 45-pin store. Figures only: it fails only when a command fails.
#
# Usage: Scripts/bench_render.sh
#        ROWS=100000 FRAMES=100 KEEP=1 Scripts/bench_render.sh
#        PINMAP=/path/to/pinmap Scripts/bench_render.sh     (use that binary, build nothing)
#        SCRATCH=/tmp/build Scripts/bench_render.sh         (build with --scratch-path SCRATCH)
set -euo pipefail

cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}
FRAMES=${FRAMES:-60}
SIZE=${SIZE:-200x60}

if [[ -z "${PINMAP:-}" ]]; then
    BUILD=(swift build -c release --product pinmap)
    [[ -n "${SCRATCH:-}" ]] && BUILD+=(--scratch-path "$SCRATCH")
    echo "building: ${BUILD[*]}"
    "${BUILD[@]}"
    PINMAP="$("${BUILD[@]}" --show-bin-path)/pinmap"
fi
[[ -x "$PINMAP" ]] || { echo "no pinmap binary at $PINMAP" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pinmap-render.XXXXXX")
if [[ -z "${KEEP:-}" ]]; then trap 'rm -rf "$WORK"' EXIT; else echo "keeping $WORK"; fi

echo "generating $ROWS rows (Scripts/gen_pins.py, seed 42)…"
python3 Scripts/gen_pins.py -n "$ROWS" -s 42 -o "$WORK/pins.csv"

echo "importing them (pinmap import)…"
START=$(date +%s.%N)
"$PINMAP" import "$WORK/pins.csv" --db "$WORK/big.sqlite" --index >"$WORK/import.txt"
IMPORT_SECS=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$START" "$(date +%s.%N)")
"$PINMAP" import Data/pins/pins-seoul.csv --db "$WORK/small.sqlite" >/dev/null

# A first run warms the operating system's file cache for both stores, as a UI
# opened after an import finds it; the measured runs follow.
"$PINMAP" bench render --db "$WORK/big.sqlite" --size "$SIZE" --frames 50 >/dev/null
"$PINMAP" bench render --db "$WORK/small.sqlite" --size "$SIZE" --frames 50 >/dev/null
"$PINMAP" bench render --db "$WORK/big.sqlite" --size "$SIZE" --frames "$FRAMES" | tee "$WORK/big.txt"
"$PINMAP" bench render --db "$WORK/small.sqlite" --size "$SIZE" --frames "$FRAMES" | tee "$WORK/small.txt"

python3 - "$WORK" "$ROWS" "$IMPORT_SECS" "$(stat -c %s "$WORK/big.sqlite")" <<'PY'
import re, sys
work, rows, import_secs, db_bytes = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])

def parse(name):
    text = open(f"{work}/{name}.txt").read()
    rows = {}
    for line in text.splitlines():
        # "  world   1   ≈999731   8217   11.56   17.36   17.79   (5.19 / 6.67; 10.90)  0.21"
        # (the last column, label placement, is optional for older binaries)
        m = re.match(r"\s+(\w+).*?\s([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\(([\d.]+) / ([\d.]+); ([\d.]+)\)(?:\s+([\d.]+))?$", line)
        if m:
            rows[m.group(1)] = tuple(float(m.group(i)) for i in range(2, 8)) + (float(m.group(8) or 0),)
    start = float(re.search(r"first frame: ([\d.]+) ms", text).group(1))
    mem = float(re.search(r"peak resident memory: ([\d.]+) MiB", text).group(1))
    return rows, start, mem

big, big_start, big_mem = parse("big")
small, small_start, small_mem = parse("small")
print()
print(f"store: {rows:,} pins, {db_bytes / 2**20:.0f} MiB; pinmap import --index took {import_secs} s")
print(f"{'viewport':10} {'median ms':>16} {'worst ms':>16} {'ratio median':>13} {'ratio worst':>12} {'CPU ms':>15} {'labels ms':>10}   (1M vs 45 pins)")
for name, (med, p95, worst, reload, draw, cpu, labels) in big.items():
    s = small.get(name)
    if not s:
        continue
    print(f"{name:10} {med:7.2f} vs {s[0]:5.2f} {worst:7.2f} vs {s[2]:5.2f} {med / s[0]:12.1f}x {worst / s[2]:11.1f}x"
          f" {cpu:6.2f} vs {s[5]:5.2f} {labels:10.2f}   {'under 10 ms' if worst < 10 else 'OVER 10 ms'}")
print(f"start-up   {big_start:7.1f} vs {small_start:5.1f} ms   {'under 150 ms' if big_start < 150 else 'OVER 150 ms'}")
print(f"peak RSS   {big_mem:7.1f} vs {small_mem:5.1f} MiB")
PY
