#!/usr/bin/env bash
# Map render benchmark (issue 4, item 7).
#
# Builds a release pinmap, generates ROWS pins (default 1,000,000) with the project's
# deterministic generator (Scripts/gen_pins.py, seed 42), imports them with
# `pinmap import --index` into a fresh store (timed: the import, then the map's pin cell
# tree, search and list indexes that a large import otherwise leaves for later), then runs
# `pinmap bench render --size 200x60` on that store and on the 45 sample pins
# (Data/pins/pins-seoul.csv), ROUNDS times alternating (default 3), and prints, per
# viewport, the median over the rounds of each store's median frame, their ratio, the big
# store's p95 against its median (wall clock and the thread's CPU time), then the start-up
# and memory of both and the whole-process `pinmap render` time (7 pairs alternating).
# Goals (issue #14): the big store's median frame at most 3x the 45-pin one at every
# viewport, its p95 at most 2x its median; whole-process render at most 2x.
# Figures only: it fails only when a command fails.
#
# Usage: Scripts/bench_render.sh
#        ROWS=100000 FRAMES=100 ROUNDS=5 KEEP=1 Scripts/bench_render.sh
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
# ROUNDS rounds, the two stores alternating, so both see the same machine.
for r in $(seq "${ROUNDS:-3}"); do
    "$PINMAP" bench render --db "$WORK/big.sqlite" --size "$SIZE" --frames "$FRAMES" | tee "$WORK/big.$r.txt"
    "$PINMAP" bench render --db "$WORK/small.sqlite" --size "$SIZE" --frames "$FRAMES" | tee "$WORK/small.$r.txt"
done

# Whole-process `pinmap render` (start-up, one reload, one frame, exit), 7 pairs alternating.
for r in 1 2 3 4 5 6 7; do
    for s in big small; do
        T0=$(date +%s%N); "$PINMAP" render --db "$WORK/$s.sqlite" --size "$SIZE" >/dev/null; T1=$(date +%s%N)
        echo "$s $(( (T1 - T0) / 1000 ))" >>"$WORK/render.txt"
    done
done

python3 - "$WORK" "$ROWS" "$IMPORT_SECS" "$(stat -c %s "$WORK/big.sqlite")" "${ROUNDS:-3}" <<'PY'
import re, statistics, sys
work, rows, import_secs, db_bytes, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])

def parse(path):
    text = open(path).read()
    rows = {}
    for line in text.splitlines():
        # "  world  1  ≈999731  8217  11.56  17.36  17.79   (5.19 / 6.67; 10.90 / 12.01)  0.21"
        # (the CPU p95 and the label column are optional for older binaries)
        m = re.match(r"\s+(\w+).*?\s([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+\(([\d.]+) / ([\d.]+); ([\d.]+)(?: / ([\d.]+))?\)(?:\s+([\d.]+))?$", line)
        if m:
            rows[m.group(1)] = dict(med=float(m.group(2)), p95=float(m.group(3)), worst=float(m.group(4)),
                                    cpu=float(m.group(7)), cpu95=float(m.group(8) or 0), labels=float(m.group(9) or 0))
    start = float(re.search(r"first frame: ([\d.]+) ms", text).group(1))
    mem = float(re.search(r"peak resident memory: ([\d.]+) MiB", text).group(1))
    return rows, start, mem

big = [parse(f"{work}/big.{r}.txt") for r in range(1, rounds + 1)]
small = [parse(f"{work}/small.{r}.txt") for r in range(1, rounds + 1)]
med = statistics.median
print()
print(f"store: {rows:,} pins, {db_bytes / 2**20:.0f} MiB; pinmap import --index took {import_secs} s")
print(f"median of {rounds} rounds; big = {rows:,} pins; goal: big median <= 3x the 45-pin median, big p95 <= 2x its median")
print(f"{'viewport':8} {'median ms big / 45':>19} {'ratio':>6} {'p95 big':>7} {'p95/med':>8}"
      f" {'CPU ms big / 45':>16} {'ratio':>6} {'CPU p95/med':>12} {'labels':>7}")
for name in big[0][0]:
    def m(stores, key): return med([s[0][name][key] for s in stores if name in s[0]])
    bm, sm, bp = m(big, "med"), m(small, "med"), m(big, "p95")
    bc, sc, bc95 = m(big, "cpu"), m(small, "cpu"), m(big, "cpu95")
    ok = "met" if bm <= 3 * sm and bp <= 2 * bm else "NOT met"
    print(f"{name:8} {bm:8.2f} / {sm:6.2f} {bm / sm:5.1f}x {bp:7.2f} {bp / bm:7.1f}x"
          f" {bc:7.2f} / {sc:5.2f} {bc / sc:5.1f}x {f'{bc95 / bc:.1f}x' if bc95 else '-':>12} {m(big, 'labels'):7.2f}  {ok}")
print(f"start-up   {med([b[1] for b in big]):7.1f} vs {med([s[1] for s in small]):5.1f} ms")
print(f"peak RSS   {max(b[2] for b in big):7.1f} vs {max(s[2] for s in small):5.1f} MiB")
times = {"big": [], "small": []}
for line in open(f"{work}/render.txt"):
    k, us = line.split()
    times[k].append(int(us) / 1000)
rb, rs = med(times["big"]), med(times["small"])
print(f"pinmap render, whole process, median of 7: {rb:.1f} vs {rs:.1f} ms = {rb / rs:.2f}x"
      f"  (goal <= 2x: {'met' if rb <= 2 * rs else 'NOT met'})")
PY
