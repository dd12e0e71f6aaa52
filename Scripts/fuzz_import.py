#!/usr/bin/env python3
"""Fuzz `pinmap import --dry-run --json` with mutated copies of the repository's fixtures.

Every case is derived from (--seed, case number) alone, so a failure found in a long round is
reproduced with `--seed S --only N`. Each case takes one fixture (any .csv, .tsv, .txt,
.geojson, .json, .gpx, .kml, .kmz, .gpkg or .zip (a zipped Shapefile) under Tests/*/Fixtures
and Data/pins, so new readers are fuzzed as soon as their fixtures land), applies 1-4 mutations (bytes, delimiters, quotes, line
ends, encodings, lengths, nesting, numbers, escape sequences), and runs the import with a
timeout. Counted as problems, and the script exits 1 if there is any:

  crash     killed by a signal, or exit code >= 128 (a Swift trap, a backtrace)
  hang      still running after --timeout seconds (default 10)
  exit      an exit code other than 0, 1 or 2
  json      exit 0 or 1 without a JSON document on standard output
  slow      a shape attack (below) whose time grows faster than its size

After the cases, shape attacks: GPX and KML documents of one hostile shape each (an element
with many attributes or namespace declarations, elements at the attribute limit, entity
declarations and references, external entities, attribute defaults, deep nesting, long names, values, text,
comments, instructions), each made at --shape-bytes and at a quarter of that. Linear time
means the large one takes about 4x the small one; more than 8x (plus a second) is "slow".

Python standard library only. Examples:

  Scripts/fuzz_import.py --binary .build/debug/pinmap --cases 500          # CI's short round
  nice Scripts/fuzz_import.py --binary .build/release/pinmap --seconds 1200 --seed 7   # a long one
  Scripts/fuzz_import.py --seed 7 --only 1234 --keep /tmp/case             # one case, kept
  Scripts/fuzz_import.py --binary .build/release/pinmap --cases 0 --shape-bytes 5000000   # shapes at 5 MB
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = (".csv", ".tsv", ".txt", ".geojson", ".json", ".gpx", ".kml", ".kmz", ".gpkg", ".zip")
ESCAPES = [b"\x1b]0;pwned\x07", b"\x1b]52;c;Zm9v\x07", b"\x1b[2J", b"\x9b31m", "\u2028\u2029\u0085".encode()]


def fixtures():
    """Every fixture file, sorted (the order must not depend on the file system)."""
    found = []
    for top in ("Tests", "Data/pins"):
        for folder, _, names in os.walk(os.path.join(ROOT, top)):
            if top == "Tests" and "Fixtures" not in folder.split(os.sep):
                continue
            found += [os.path.join(folder, n) for n in names if n.lower().endswith(EXTENSIONS)]
    return sorted(p for p in found if os.path.getsize(p) < 4_000_000)


# Mutations: each takes (rng, bytes) and returns bytes.

def flip_bytes(r, b):
    b = bytearray(b)
    for _ in range(r.randint(1, 16)):
        if b:
            b[r.randrange(len(b))] = r.randrange(256)
    return bytes(b)


def insert_specials(r, b):
    specials = [b",", b";", b"\t", b"|", b'"', b'""', b"\n", b"\r", b"\r\n", b"\x00", b"{", b"}", b"[", b"]",
                b":", b"<", b">", b"&", b"\xff\xfe", b"\xef\xbb\xbf", b"\xc3", b"\xed\xa0\x80", b"-", b".", b"e"]
    for _ in range(r.randint(1, 12)):
        at = r.randint(0, len(b))
        b = b[:at] + r.choice(specials + ESCAPES) + b[at:]
    return b


def delete_range(r, b):
    if not b:
        return b
    at = r.randrange(len(b))
    return b[:at] + b[at + r.randint(1, max(1, len(b) // 4)):]


def duplicate_range(r, b):
    if not b:
        return b
    at = r.randrange(len(b))
    piece = b[at:at + r.randint(1, 400)]
    return b[:at] + piece * r.randint(2, 200) + b[at:]


def truncate(r, b):
    return b[:r.randint(0, len(b))]


def long_run(r, b):
    """A long field: padding, digits, quotes or letters, up to 300,000 bytes."""
    unit = r.choice([b" ", b"9", b"\t", b'"', b"a", b"\xc2\xa0", b"\xe3\x80\x80", b"0.", b"-", b"\xea\xb0\x80"])
    at = r.randint(0, len(b))
    return b[:at] + unit * (r.choice([1000, 30_000, 100_000, 300_000]) // len(unit)) + b[at:]


def swap_delimiters(r, b):
    a, c = r.sample([b",", b";", b"\t", b"|", b" "], 2)
    return b.replace(a, c)


def line_ends(r, b):
    return b.replace(b"\n", r.choice([b"\r\n", b"\r", b"\n\n", b"\r\r\n", b""]))


def reencode(r, b):
    text = b.decode("utf-8", errors="replace")
    enc = r.choice(["utf-16-le", "utf-16-be", "utf-16", "latin-1", "cp1252", "utf-8-sig", "utf-32"])
    out = text.encode(enc, errors="replace")
    if enc in ("utf-16-le", "utf-16-be") and r.random() < 0.5:
        out = (b"\xff\xfe" if enc.endswith("le") else b"\xfe\xff") + out
    return out


def json_shapes(r, b):
    """What JSON readers choke on: deep nesting, huge or odd numbers, long arrays."""
    depth = r.choice([100, 600, 5000])
    shapes = [b"[" * depth + b"]" * depth, b"{\"a\":" * depth + b"1" + b"}" * depth, b"1e400", b"-1e400",
              b"123456789012345678901234567890", b"1" * 5000, b"[" + b"1," * 50_000 + b"1]", b"\"\\ud800\"",
              b"\"\\u0000\"", b"NaN", b"Infinity", b"{\"type\":\"FeatureCollection\",\"features\":[" + b"1," * 20_000 + b"1]}"]
    at = r.randint(0, len(b))
    return b[:at] + r.choice(shapes) + b[at:]


MUTATIONS = [flip_bytes, insert_specials, delete_range, duplicate_range, truncate, long_run,
             swap_delimiters, line_ends, reencode, json_shapes]


def make_case(seed, number, sources):
    """(source path, mutation names, bytes): a function of seed and number only."""
    r = random.Random(seed * 1_000_003 + number)
    source = r.choice(sources)
    with open(source, "rb") as f:
        data = f.read()
    names = []
    for _ in range(r.randint(1, 4)):
        m = r.choice(MUTATIONS)
        data = m(r, data)
        names.append(m.__name__)
    return source, names, data


def run_import(args, path, store, timeout):
    """(problem or None, exit code, seconds) of `pinmap import PATH --dry-run --json`."""
    cmd = [args.binary, "import", path, "--dry-run", "--json", "--db", store]
    start = time.monotonic()
    problem, code, out = None, None, b""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        code, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        problem = "hang"
    elapsed = time.monotonic() - start
    if problem is None:
        if code < 0 or code >= 128:
            problem = "crash"
        elif code not in (0, 1, 2):
            problem = "exit"
        elif code in (0, 1):
            try:
                json.loads(out.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                problem = "json"
    return problem, code, elapsed


def run_case(args, store, work, sources, number):
    source, names, data = make_case(args.seed, number, sources)
    ext = os.path.splitext(source)[1]
    path = os.path.join(work, "case-%d%s" % (number, ext))
    with open(path, "wb") as f:
        f.write(data)
    problem, code, elapsed = run_import(args, path, store, args.timeout)
    if problem and args.keep:
        os.makedirs(args.keep, exist_ok=True)
        shutil.copy(path, os.path.join(args.keep, os.path.basename(path)))
    os.unlink(path)
    return number, source, names, problem, code, elapsed


# Shape attacks: (name, extension, make(n) -> about n bytes of one hostile shape).

def gpx(body, head=b""):
    return (b'<?xml version="1.0"?>\n' + head + b'<gpx version="1.1" creator="fuzz" xmlns="http://www.topografix.com/GPX/1/1">\n'
            + body + b'\n<wpt lat="1" lon="2"><name>last</name></wpt>\n</gpx>\n')


def kml(body, head=b""):
    return (b'<?xml version="1.0"?>\n' + head + b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n'
            + body + b'\n<Placemark><name>last</name><Point><coordinates>2,1</coordinates></Point></Placemark></Document></kml>\n')


def attributes(count, name=b"a%d", value=b"1"):
    return b" ".join((name % i) + b'="' + value + b'"' for i in range(count))


def repeat(piece, n):
    return piece * max(1, n // len(piece))


SHAPES = [
    ("attributes", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" ' + attributes(n // 8) + b"/>")),
    ("namespace-declarations", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" ' + attributes(n // 16, b"xmlns:p%d", b"u") + b"/>")),
    ("prefixed-attributes", ".kml", lambda n: kml(b"<Placemark " + attributes(n // 10, b"p%d:a") + b"/>")),
    ("duplicate-attributes", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" ' + repeat(b'a="1" ', n) + b"/>")),
    ("attribute-limit", ".gpx", lambda n: gpx(repeat(b'<wpt lat="1" lon="2" ' + attributes(998) + b"/>\n", n))),
    ("entity-declarations", ".gpx", lambda n: gpx(b"<wpt lat=\"1\" lon=\"2\"><name>&e1;</name></wpt>",
                                                  b"<!DOCTYPE gpx [" + b"".join(b'<!ENTITY e%d "v">' % i for i in range(n // 18)) + b"]>\n")),
    ("attribute-defaults", ".gpx", lambda n: gpx(repeat(b"<wpt/>", n),
                                                 b"<!DOCTYPE gpx [<!ATTLIST wpt " + b" ".join(b'd%d CDATA "1"' % i for i in range(900)) + b">]>\n")),
    ("entity-references", ".kml", lambda n: kml(b"<Placemark><name>" + repeat(b"&e;", n) + b"</name><Point><coordinates>2,1</coordinates></Point></Placemark>",
                                                b'<!DOCTYPE kml [<!ENTITY e "v">]>\n')),
    ("entity-references-in-attributes", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" x="' + repeat(b"&e;", n) + b'"/>',
                                                              b'<!DOCTYPE gpx [<!ENTITY e "v">]>\n')),
    ("external-entity-references", ".kml", lambda n: kml(b"<Placemark><name>A" + repeat(b"&x;", n) + b"</name><Point><coordinates>2,1</coordinates></Point></Placemark>",
                                                         b'<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n')),
    ("nested-entities", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2"><name>' + repeat(b"&e9;", n // 64) + b"</name></wpt>",
                                              b"<!DOCTYPE gpx [<!ENTITY e0 \"x\">" + b"".join(b'<!ENTITY e%d "&e%d;&e%d;">' % (i, i - 1, i - 1) for i in range(1, 10)) + b"]>\n")),
    ("character-references", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2"><name>' + repeat(b"&#x41;", n) + b"</name></wpt>")),
    ("deep-tree", ".gpx", lambda n: gpx(b"<extensions>" + b"<a>" * (n // 8) + b"</a>" * (n // 8) + b"</extensions>")),
    ("deep-kml-folders", ".kml", lambda n: kml(b"<Folder>" * (n // 17) + b"</Folder>" * (n // 17))),
    ("long-element-name", ".gpx", lambda n: gpx(b"<" + b"n" * n + b"/>")),
    ("long-attribute-name", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" ' + b"n" * n + b'="1"/>')),
    ("long-attribute-value", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2" x="' + b"v" * n + b'"/>')),
    ("long-text", ".kml", lambda n: kml(b"<Placemark><name>" + b"t" * n + b"</name><Point><coordinates>2,1</coordinates></Point></Placemark>")),
    ("long-comment", ".gpx", lambda n: gpx(b"<!--" + b"c" * n + b"-->")),
    ("long-cdata", ".gpx", lambda n: gpx(b'<wpt lat="1" lon="2"><name><![CDATA[' + b"c" * n + b"]]></name></wpt>")),
    ("instructions", ".gpx", lambda n: gpx(repeat(b"<?p x?>", n))),
    ("space-in-a-tag", ".gpx", lambda n: gpx(b'<wpt lat="1"' + b" " * n + b'lon="2"/>')),
    ("empty-elements", ".kml", lambda n: kml(repeat(b"<a/>", n))),
    ("waypoints", ".gpx", lambda n: gpx(repeat(b'<wpt lat="1" lon="2"><name>n</name></wpt>\n', n))),
]


def run_shapes(args, store, work):
    """Runs every shape at a quarter of --shape-bytes and at --shape-bytes: [(name, problem, small s, large s)]."""
    def one(shape):
        name, ext, make = shape
        times, problem = [], None
        for size in (args.shape_bytes // 4, args.shape_bytes):
            path = os.path.join(work, "shape-%s-%d%s" % (name, size, ext))
            with open(path, "wb") as f:
                f.write(make(size))
            p, code, elapsed = run_import(args, path, store, max(args.timeout, 60))
            if p and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                shutil.copy(path, os.path.join(args.keep, os.path.basename(path)))
            os.unlink(path)
            problem = problem or p
            times.append(elapsed)
        if problem is None and times[1] > 8 * times[0] + 1.0:
            problem = "slow"
        return name, problem, times[0], times[1]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        return list(pool.map(one, SHAPES))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/pinmap"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=500, help="cases to run (default 500)")
    ap.add_argument("--seconds", type=float, default=0, help="run for this long instead (cases numbered on)")
    ap.add_argument("--only", type=int, help="run this case number alone")
    ap.add_argument("--timeout", type=float, default=10, help="seconds before a case counts as a hang")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", default=None, help="copy the failing cases to this folder")
    ap.add_argument("--shape-bytes", type=int, default=2_000_000,
                    help="size of the large shape attacks (default 2,000,000; 0 skips them)")
    args = ap.parse_args()
    if not os.access(args.binary, os.X_OK):
        print("fuzz_import: no pinmap binary at %s (swift build first)" % args.binary, file=sys.stderr)
        return 2
    sources = fixtures()
    work = tempfile.mkdtemp(prefix="pinmap-fuzz-")
    store = os.path.join(work, "store.sqlite")
    made = subprocess.run([args.binary, "add", "--title", "fuzz", "--lat", "1", "--lon", "2", "--db", store],
                          stdout=subprocess.DEVNULL)
    if made.returncode != 0:
        print("fuzz_import: cannot create the store", file=sys.stderr)
        return 2
    numbers = [args.only] if args.only is not None else None
    deadline = time.monotonic() + args.seconds if args.seconds else None
    results = []
    slowest = (0.0, None)
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            pending = set()
            next_number = 0
            while True:
                while len(pending) < 2 * max(1, args.jobs):
                    if numbers is not None:
                        if not numbers:
                            break
                        n = numbers.pop()
                    elif deadline is not None:
                        if time.monotonic() >= deadline:
                            break
                        n = next_number
                    else:
                        if next_number >= args.cases:
                            break
                        n = next_number
                    next_number += 1
                    pending.add(pool.submit(run_case, args, store, work, sources, n))
                if not pending:
                    break
                done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for f in done:
                    r = f.result()
                    results.append(r)
                    if r[5] > slowest[0]:
                        slowest = (r[5], r[0])
                    if r[3]:
                        print("case %d: %s (exit %s, %.1f s) from %s via %s" % (
                            r[0], r[3], r[4], r[5], os.path.relpath(r[1], ROOT), "+".join(r[2])), flush=True)
        shapes = run_shapes(args, store, work) if args.shape_bytes > 0 and args.only is None else []
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name, problem, small, large in shapes:
        print("shape %-32s %5.2f s at %.2f MB, %5.2f s at %.2f MB%s" % (
            name, small, args.shape_bytes / 4e6, large, args.shape_bytes / 1e6, ": " + problem if problem else ""), flush=True)
    counts = {}
    for r in results:
        key = r[3] or "ok"
        counts[key] = counts.get(key, 0) + 1
    codes = {}
    for r in results:
        codes[r[4]] = codes.get(r[4], 0) + 1
    bad_shapes = [s for s in shapes if s[1]]
    problems = sum(v for k, v in counts.items() if k != "ok") + len(bad_shapes)
    print("fuzz_import: seed %d, %d cases from %d fixtures: %d ok, %d crash, %d hang, %d exit, %d json; "
          "exit codes %s; slowest case %s took %.2f s; %d shape attacks, %d failed" % (
              args.seed, len(results), len(sources), counts.get("ok", 0), counts.get("crash", 0),
              counts.get("hang", 0), counts.get("exit", 0), counts.get("json", 0),
              ", ".join("%s: %d" % (k, v) for k, v in sorted(codes.items(), key=lambda kv: str(kv[0]))),
              slowest[1], slowest[0], len(shapes), len(bad_shapes)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
