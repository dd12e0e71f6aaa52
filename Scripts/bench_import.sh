#!/usr/bin/env bash
# Import benchmark (issue 5, item 10).
#
# Generates ROWS pins (default 1,000,000, about 80 MB) with the project's deterministic
# generator (Scripts/gen_pins.py, seed 42), then, in the same run and on the same file, times:
#   1. the floor: `sqlite3 -csv DB ".import FILE pins"` into a plain table (no coordinate
#      parsing, no index);
#   2. `pinmap import FILE --db DB --json` (release build) with all its checks and duplicate
#      detection, committing the pins with their spatial index (pins_lat_lon);
#   3. `pinmap index --db DB`: what a large import leaves for after its commit (the other
#      pins indexes, the FTS5 search index, the map's pin cell tree), which the UI runs
#      when it opens;
# ROUNDS times (default 3), and prints each round's times, ratio and peak memory (maximum
# resident set size, from `/usr/bin/time -v` when present, else Python's
# resource.getrusage), then the ratio of the median times.
# Targets: pinmap within 2x the floor, peak memory under 100 MB. Figures only; it fails
# only when a command fails.
#
# Usage: Scripts/bench_import.sh            (builds nothing; run `swift build -c release` first)
#        ROWS=100000 ROUNDS=5 PINMAP=.build/release/pinmap KEEP=1 Scripts/bench_import.sh
set -euo pipefail

cd "$(dirname "$0")/.."
ROWS=${ROWS:-1000000}
PINMAP=${PINMAP:-.build/release/pinmap}
SQLITE=${SQLITE:-sqlite3}

if [[ ! -x "$PINMAP" ]]; then
    echo "no pinmap binary at $PINMAP (run: swift build -c release)" >&2
    exit 2
fi
command -v "$SQLITE" >/dev/null || { echo "no $SQLITE on PATH" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pinmap-bench.XXXXXX")
if [[ -z "${KEEP:-}" ]]; then trap 'rm -rf "$WORK"' EXIT; else echo "keeping $WORK"; fi

# measure OUT_PREFIX CMD...: runs CMD, writes OUT_PREFIX.sec (wall seconds) and OUT_PREFIX.kb (peak RSS in KiB).
measure() {
    local out=$1; shift
    if [[ -x /usr/bin/time ]] && /usr/bin/time -v true 2>/dev/null; then
        /usr/bin/time -v -o "$out.time" "$@"
        python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
text = open(out + ".time").read()
wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
secs = 0.0
for part in wall.split(":"):
    secs = secs * 60 + float(part)
kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
open(out + ".sec", "w").write(f"{secs}\n")
open(out + ".kb", "w").write(f"{kb}\n")
PY
    else
        python3 - "$out" "$@" <<'PY'
import resource, subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
t = time.monotonic()
subprocess.run(cmd, check=True)
secs = time.monotonic() - t
kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
open(out + ".sec", "w").write(f"{secs}\n")
open(out + ".kb", "w").write(f"{kb}\n")
PY
    fi
}

echo "generating $ROWS rows (Scripts/gen_pins.py, seed 42)…"
python3 Scripts/gen_pins.py -n "$ROWS" -s 42 -o "$WORK/pins.csv"
BYTES=$(stat -c %s "$WORK/pins.csv")

# ROUNDS rounds (default 3) of floor, import, index on the same file: on a shared machine
# single runs of either side vary by up to 2x, so each round's ratio is printed and the
# verdict uses the medians.
ROUNDS=${ROUNDS:-3}
for r in $(seq 1 "$ROUNDS"); do
    echo "round $r: floor ($SQLITE -csv .import into a plain table), pinmap import, pinmap index…"
    rm -f "$WORK/floor.sqlite" "$WORK"/pins.sqlite*
    measure "$WORK/floor$r" "$SQLITE" -csv "$WORK/floor.sqlite" ".import $WORK/pins.csv pins"
    measure "$WORK/pinmap$r" "$PINMAP" import "$WORK/pins.csv" --db "$WORK/pins.sqlite" --json >"$WORK/report.json"
    measure "$WORK/index$r" "$PINMAP" index --db "$WORK/pins.sqlite" --json >"$WORK/index.json"
done
FLOOR_ROWS=$("$SQLITE" "$WORK/floor.sqlite" "SELECT count(*) FROM pins")
IMPORTED=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["imported"])' "$WORK/report.json")

python3 - "$WORK" "$ROWS" "$BYTES" "$FLOOR_ROWS" "$IMPORTED" "$ROUNDS" <<'PY'
import statistics, sys
work, rows, size, floor_rows, imported, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6])
read = lambda name: float(open(f"{work}/{name}").read())
runs = [dict(fs=read(f"floor{r}.sec"), fk=read(f"floor{r}.kb"), ps=read(f"pinmap{r}.sec"), pk=read(f"pinmap{r}.kb"),
             xs=read(f"index{r}.sec"), xk=read(f"index{r}.kb")) for r in range(1, rounds + 1)]
print()
print(f"file: {rows:,} rows, {size / 1e6:.1f} MB; {floor_rows} rows in the floor's table, {imported} pins imported")
print("round   floor s   import s   ratio   index s   peak MB (floor / import / index)")
for i, r in enumerate(runs, 1):
    print(f"{i:5d} {r['fs']:9.2f} {r['ps']:10.2f} {r['ps'] / r['fs']:7.2f}x {r['xs']:9.2f}   "
          f"{r['fk'] / 1024:.1f} / {r['pk'] / 1024:.1f} / {r['xk'] / 1024:.1f}")
med = lambda k: statistics.median(r[k] for r in runs)
fs, ps, xs = med("fs"), med("ps"), med("xs")
ratio = ps / fs if fs > 0 else float("inf")
print(f"median: floor {fs:.2f} s, pinmap import {ps:.2f} s ({rows / ps:,.0f} rows/s), then pinmap index {xs:.2f} s")
print(f"ratio of the medians pinmap/floor: {ratio:.2f}x   (target <= 2x)   {'OK' if ratio <= 2 else 'OVER TARGET'}")
print(f"rounds within 2x: {sum(r['ps'] <= 2 * r['fs'] for r in runs)} of {rounds}")
peak = max(max(r['pk'], r['xk']) for r in runs) / 1024
print(f"pinmap peak memory: {peak:.1f} MB (target < 100 MB)   {'OK' if peak < 100 else 'OVER TARGET'}")
PY
