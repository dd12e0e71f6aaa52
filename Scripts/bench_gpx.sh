#!/usr/bin/env bash
# GPX import benchmark (issue 12): WAYPOINTS waypoints (default 100,000) as GPX 1.1 and the
# same pins as CSV (name, lat, lon, desc, type, time, ele, sym), each imported ROUNDS times
# (default 3) into a fresh store with the release build; prints every time, the medians and
# the ratio GPX / CSV (target: at most 3x), and the peak memory of the last GPX round.
# Figures only; it fails only when a command fails.
#
# Usage: swift build -c release && Scripts/bench_gpx.sh
#        WAYPOINTS=10000 ROUNDS=5 PINMAP=.build/debug/pinmap Scripts/bench_gpx.sh
set -euo pipefail

cd "$(dirname "$0")/.."
WAYPOINTS=${WAYPOINTS:-100000}
ROUNDS=${ROUNDS:-3}
PINMAP=${PINMAP:-.build/release/pinmap}
[[ -x "$PINMAP" ]] || { echo "no pinmap binary at $PINMAP (run: swift build -c release)" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pinmap-gpx-bench.XXXXXX")
if [[ -z "${KEEP:-}" ]]; then trap 'rm -rf "$WORK"' EXIT; else echo "keeping $WORK"; fi

python3 - x "$WORK" "$WAYPOINTS" <<'PY'
import random, sys
work, n = sys.argv[2], int(sys.argv[3])
rnd = random.Random(42)
types = ["cafe", "museum", "park", "Food/Drink", "viewpoint"]
with open(f"{work}/pins.gpx", "w") as g, open(f"{work}/pins.csv", "w") as c:
    g.write('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">\n')
    c.write("name,lat,lon,desc,type,time,ele,sym\n")
    for i in range(n):
        lat = round(rnd.uniform(-60, 70), 6); lon = round(rnd.uniform(-180, 180), 6)
        name = f"Waypoint {i}"; desc = f"Description of place {i}"; typ = types[i % len(types)]
        time = f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z"
        ele = str(rnd.randint(0, 3000)); sym = "Flag"
        g.write(f'  <wpt lat="{lat}" lon="{lon}"><ele>{ele}</ele><time>{time}</time><name>{name}</name>'
                f'<desc>{desc}</desc><sym>{sym}</sym><type>{typ}</type></wpt>\n')
        c.write(f"{name},{lat},{lon},{desc},{typ},{time},{ele},{sym}\n")
    g.write("</gpx>\n")
PY
ls -l "$WORK/pins.gpx" "$WORK/pins.csv" | awk '{print $5, $9}'

# run FILE: imports FILE into a fresh store, prints the wall seconds.
run() {
    rm -f "$WORK"/db.sqlite*
    python3 - "$PINMAP" "$1" "$WORK/db.sqlite" <<'PY'
import json, subprocess, sys, time
pinmap, path, db = sys.argv[1:4]
t = time.monotonic()
p = subprocess.run([pinmap, "import", path, "--db", db, "--json"], capture_output=True, text=True)
if p.returncode != 0:
    sys.exit(f"{path}: exit {p.returncode}: {p.stderr.strip()}")
out = p.stdout
secs = time.monotonic() - t
assert json.loads(out)["imported"] > 0
print(f"{secs:.3f}")
PY
}

gpx=(); csv=()
for r in $(seq 1 "$ROUNDS"); do
    c=$(run "$WORK/pins.csv"); g=$(run "$WORK/pins.gpx")
    csv+=("$c"); gpx+=("$g")
    echo "round $r: csv ${c} s, gpx ${g} s"
done
peak=""
if [[ -x /usr/bin/time ]] && /usr/bin/time -v true 2>/dev/null; then
    rm -f "$WORK"/db.sqlite*
    /usr/bin/time -v -o "$WORK/time.txt" "$PINMAP" import "$WORK/pins.gpx" --db "$WORK/db.sqlite" --json >/dev/null
    peak=$(awk -F': ' '/Maximum resident/ {printf "%.1f MiB", $2/1024}' "$WORK/time.txt")
fi
python3 - "${csv[*]}" "${gpx[*]}" "$WAYPOINTS" "$peak" <<'PY'
import statistics, sys
csv = [float(x) for x in sys.argv[1].split()]; gpx = [float(x) for x in sys.argv[2].split()]
mc, mg = statistics.median(csv), statistics.median(gpx)
print(f"{sys.argv[3]} waypoints: CSV median {mc:.3f} s, GPX median {mg:.3f} s, ratio {mg / mc:.2f}x (target <= 3x)"
      + (f"; GPX peak memory {sys.argv[4]}" if sys.argv[4] else ""))
PY
