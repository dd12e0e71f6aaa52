#!/usr/bin/env bash
# One benchmark entry point for issue #14: every figure of the issue's table as a ratio
# against its anchor from the same run, ROUNDS rounds (default 3), the median judged
# "met" / "not met", printed as a Markdown table the README's Benchmarks section takes.
#
#   import   `pinmap import --index` (pins, list, search and map current at return) ÷
#            the floor `sqlite3 -csv .import` of the same CSV into a plain table
#   size     the store's file ÷ the floor's plain table
#   render   `pinmap bench render --size 200x60` median frame at ROWS pins ÷ the 45 sample
#            pins (Data/pins/pins-seoul.csv), per viewport, from one process that times
#            both stores' frames in turn (`--baseline`); p95 ÷ median at ROWS pins; the
#            ratio of the two stores timed in separate processes is shown beside it
#   process  whole-process `pinmap render --size 200x60`, ROWS pins ÷ 45 pins: median of
#            PAIRS (default 7) alternating pairs
#   search   `pinmap bench search`: the slowest query's median per query length, at ROWS
#            pins and on a 62k store (Data/geonames/cities15000.csv + the sample pins +
#            $AIRPORTS when set, else generated rows up to 62,347 pins)
#   memory   peak resident memory (`/usr/bin/time -v`): `import --index`, and the UI's
#            (`bench render` on ROWS pins)
#
# The CSV (Scripts/gen_pins.py, seed 42) is generated once per ROWS into $WORK and reused.
# Figures only: it fails only when a command fails.
#
# Usage: Scripts/bench.sh                       (release build first: swift build -c release)
#        ROWS=100000 ROUNDS=1 PAIRS=3 Scripts/bench.sh
#        PINMAP=/path/to/pinmap WORK=/tmp/pinmap-bench AIRPORTS=airports.csv Scripts/bench.sh
set -euo pipefail

cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}
ROUNDS=${ROUNDS:-3}
PAIRS=${PAIRS:-7}
FRAMES=${FRAMES:-60}
PINMAP=${PINMAP:-.build/release/pinmap}
SQLITE=${SQLITE:-sqlite3}
WORK=${WORK:-${TMPDIR:-/tmp}/pinmap-bench}
SMALL_CSV=Data/pins/pins-seoul.csv

[[ -x "$PINMAP" ]] || { echo "no pinmap binary at $PINMAP (run: swift build -c release)" >&2; exit 2; }
command -v "$SQLITE" >/dev/null || { echo "no $SQLITE on PATH" >&2; exit 2; }
command -v python3 >/dev/null || { echo "no python3 on PATH" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "no /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }
mkdir -p "$WORK"
OUT="$WORK/run"
rm -rf "$OUT" && mkdir -p "$OUT"

CSV="$WORK/pins-$ROWS.csv"
if [[ ! -s "$CSV" ]]; then
    echo "generating $ROWS rows (Scripts/gen_pins.py, seed 42) into $CSV…"
    python3 Scripts/gen_pins.py -n "$ROWS" -s 42 -o "$CSV.tmp" && mv "$CSV.tmp" "$CSV"
fi

# measure NAME CMD...: runs CMD (stdout to NAME.out), writes NAME.sec (wall s), NAME.cpu (user +
# system s: what a busy machine changes least) and NAME.kb (max RSS, KiB).
measure() {
    local name=$1; shift
    /usr/bin/time -v -o "$OUT/$name.time" "$@" >"$OUT/$name.out"
    python3 - "$OUT/$name" <<'PY'
import re, sys
p = sys.argv[1]
t = open(p + ".time").read()
secs = 0.0
for part in re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", t).group(1).split(":"):
    secs = secs * 60 + float(part)
open(p + ".sec", "w").write(f"{secs}\n")
cpu = sum(float(re.search(rf"{k} time \(seconds\): ([\d.]+)", t).group(1)) for k in ("User", "System"))
open(p + ".cpu", "w").write(f"{cpu}\n")
open(p + ".kb", "w").write(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1) + "\n")
PY
}

# The 62k search store, built once per run (not timed).
SEARCH62="$OUT/search62k.sqlite"
"$PINMAP" import Data/geonames/cities15000.csv --db "$SEARCH62" --index >/dev/null
"$PINMAP" import "$SMALL_CSV" --db "$SEARCH62" >/dev/null
if [[ -n "${AIRPORTS:-}" ]]; then
    "$PINMAP" import "$AIRPORTS" --db "$SEARCH62" --index >/dev/null
else
    HAVE=$("$SQLITE" "$SEARCH62" "SELECT count(*) FROM pins")
    head -n $((62347 - HAVE + 1)) "$CSV" >"$OUT/fill.csv"
    "$PINMAP" import "$OUT/fill.csv" --db "$SEARCH62" --index >/dev/null
fi
"$PINMAP" import "$SMALL_CSV" --db "$OUT/small.sqlite" >/dev/null

for r in $(seq 1 "$ROUNDS"); do
    echo "round $r of $ROUNDS: floor, import --index, render, whole-process render, search…"
    rm -f "$OUT/floor.sqlite" "$OUT"/big.sqlite*
    measure "floor$r" "$SQLITE" -csv "$OUT/floor.sqlite" ".import $CSV pins"
    measure "import$r" "$PINMAP" import "$CSV" --db "$OUT/big.sqlite" --index --json
    stat -c %s "$OUT/floor.sqlite" >"$OUT/floor$r.bytes"
    du -cb "$OUT"/big.sqlite* | tail -1 | cut -f1 >"$OUT/store$r.bytes"  # with its WAL, if any
    "$SQLITE" "$OUT/big.sqlite" "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 8" \
        >"$OUT/dbstat$r.txt" 2>/dev/null || true
    # The import's dirty pages go to disk now, not during the frames timed next (a round whose
    # frames met the kernel's writeback had a street p95 of 10.9 ms, CPU time included).
    sync
    # A first pass warms the file cache for both stores, as for a UI opened after an import.
    "$PINMAP" bench render --db "$OUT/big.sqlite" --size 200x60 --frames 50 >/dev/null
    "$PINMAP" bench render --db "$OUT/small.sqlite" --size 200x60 --frames 50 >/dev/null
    "$PINMAP" bench render --db "$OUT/big.sqlite" --size 200x60 --frames "$FRAMES" >"$OUT/render-big$r.txt"
    "$PINMAP" bench render --db "$OUT/small.sqlite" --size 200x60 --frames "$FRAMES" >"$OUT/render-small$r.txt"
    # The frame ratios: both stores in one process, their frames in turn (BenchPaired.swift).
    "$PINMAP" bench render --db "$OUT/big.sqlite" --baseline "$OUT/small.sqlite" --size 200x60 \
        --frames "$FRAMES" >"$OUT/render-pair$r.txt"
    for p in $(seq 1 "$PAIRS"); do
        measure "proc-big$r-$p" "$PINMAP" render --db "$OUT/big.sqlite" --size 200x60
        measure "proc-small$r-$p" "$PINMAP" render --db "$OUT/small.sqlite" --size 200x60
    done
    "$PINMAP" bench search --db "$OUT/big.sqlite" --frames 50 >"$OUT/search-big$r.txt"
    "$PINMAP" bench search --db "$SEARCH62" --frames 50 >"$OUT/search-62k$r.txt"
done

python3 Scripts/bench_report.py "$OUT" "$ROWS" "$ROUNDS" "$PAIRS" "$("$SQLITE" "$SEARCH62" "SELECT count(*) FROM pins")"
