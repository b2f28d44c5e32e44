#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the conformance runner's results.json into what the project keeps.

  results.py report JSON INAPPLICABLE OUT.md --kernel K --commit C --cats CATS
      RESULTS.md: per category passed/failed/skipped/inapplicable, the
      overall line (inapplicable tests out of the count), date, kernel,
      commit.
  results.py passing JSON INAPPLICABLE
      the tests that passed, one per line (for passing.txt).
  results.py failed JSON LIST
      the tests of LIST that did not pass, one per line.
  results.py tap JSON LIST [ALONE-JSON]
      one TAP line per test of LIST (the regression list): ok if it
      passed, not ok with its status otherwise; a test of LIST that did
      not run is not ok.  ALONE-JSON holds the second run, one test at a
      time, of those that failed in the first: a test that passed there
      is ok, its line saying how it failed among the others.
"""
import datetime
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)["results"]


def read_list(path):
    """Test paths of a list file; '#' starts a comment, the rest of a
    line after the path is its reason."""
    out = {}
    try:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    test, _, why = line.partition(" ")
                    out[test] = why.strip()
    except FileNotFoundError:
        pass
    return out


def selected(results):
    return [r for r in results if r.get("reason") != "category not selected"]


def report(args):
    path, inapp_path, out = args[:3]
    opts = dict(zip(args[3::2], args[4::2]))
    results = selected(load(path))
    inapp = read_list(inapp_path)
    cats = {}
    for r in results:
        c = cats.setdefault(r["category"].split("/")[0],
                            {"passed": 0, "failed": 0, "skipped": 0, "inapplicable": 0})
        if r["test"] in inapp:
            c["inapplicable"] += 1
        else:
            c[r["counted"]] += 1
    tot = {k: sum(c[k] for c in cats.values())
           for k in ("passed", "failed", "skipped", "inapplicable")}
    judged = tot["passed"] + tot["failed"]
    pct = 100.0 * tot["passed"] / judged if judged else 0.0
    lines = [
        "# Conformance: DTrace's own unit tests against this dtrace",
        "",
        "Written by `make conformance` (scripts/conformance/); docs/testing.md",
        "says how to run it.  Inapplicable tests (selftests/conformance/",
        "inapplicable.txt, with the reason for each) are left out of the count;",
        "skipped ones are those the suite's own rules skip here.",
        "",
        "- date: %s" % datetime.date.today().isoformat(),
        "- kernel: %s" % opts.get("--kernel", "?"),
        "- commit: %s" % opts.get("--commit", "?"),
        "- categories: %s" % opts.get("--cats", "?"),
        "",
        "| category | passed | failed | skipped | inapplicable | pass rate |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name in sorted(cats):
        c = cats[name]
        n = c["passed"] + c["failed"]
        rate = "%.0f %%" % (100.0 * c["passed"] / n) if n else "-"
        lines.append("| %s | %d | %d | %d | %d | %s |" % (
            name, c["passed"], c["failed"], c["skipped"], c["inapplicable"], rate))
    lines += [
        "| **all** | **%d** | **%d** | **%d** | **%d** | **%.1f %%** |" % (
            tot["passed"], tot["failed"], tot["skipped"], tot["inapplicable"], pct),
        "",
        "%d passed, %d failed, %d skipped, %d inapplicable: %.1f %% of the "
        "judged tests pass." % (tot["passed"], tot["failed"], tot["skipped"],
                                tot["inapplicable"], pct),
        "",
    ]
    with open(out, "w") as f:
        f.write("\n".join(lines))
    print(lines[-2])


def passing(args):
    inapp = read_list(args[1])
    for r in sorted(load(args[0]), key=lambda r: r["test"]):
        if r["counted"] == "passed" and r["test"] not in inapp:
            print(r["test"])


def failed(args):
    results = {r["test"]: r for r in load(args[0])}
    for t in sorted(read_list(args[1])):
        r = results.get(t)
        if not r or r["counted"] != "passed":
            print(t)


def why(r):
    if not r:
        return "did not run"
    return r["status"] + ": " + str(r.get("reason", ""))


def tap(args):
    results = {r["test"]: r for r in load(args[0])}
    alone = {}
    if len(args) > 2:
        try:
            alone = {r["test"]: r for r in load(args[2])}
        except FileNotFoundError:
            pass
    tests = sorted(read_list(args[1]))
    bad = 0
    for i, t in enumerate(tests, 1):
        r = results.get(t)
        a = alone.get(t)
        if r and r["counted"] == "passed":
            print("ok %d conformance: %s" % (i, t))
        elif a and a["counted"] == "passed":
            print("ok %d conformance: %s (passed alone; among the others: %s)" % (
                i, t, why(r)))
        else:
            bad += 1
            print("not ok %d conformance: %s (%s)" % (i, t, why(a or r)))
    print("1..%d" % len(tests))
    return 1 if bad else 0


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    return {"report": report, "passing": passing, "failed": failed,
            "tap": tap}[cmd](args) or 0


if __name__ == "__main__":
    sys.exit(main())
