"""Writing generated source files: one rule for every Scripts/gen_*.py.

A file is rewritten only when its text changed, so an unchanged generator run leaves
git and the build untouched; with `check` nothing is written and a stale file makes
the run exit 1 (the generators' `--check`, for reviewing that the committed output is
what the generator makes).
"""
import os
import sys


def write_if_changed(files, root, check):
    """Write `files` ({path: text}, UTF-8, LF) where they differ from disk.

    Prints "wrote: PATH" (or "stale: PATH" with `check`) per differing file, relative
    to `root`; exits 1 when `check` found a stale file.
    """
    stale = []
    for path, text in sorted(files.items()):
        old = None
        if os.path.exists(path):
            with open(path, "r", encoding="utf-8") as f:
                old = f.read()
        if old == text:
            continue
        stale.append(path)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    for path in stale:
        print(("stale: " if check else "wrote: ") + os.path.relpath(path, root))
    if check and stale:
        sys.exit(1)
