#!/usr/bin/env python3
"""Test the tests: run `workbook check` on a pile of subtly wrong learner files and on an independent correct
implementation, and say which wrong file escapes its own step.

Layout: bench/piles/<lab>/<case>/ holds the learner files a case changes (<package>/<File>.java) and case.json
{"step": N, "about": "..."}: the step whose official tests must catch it. Every other learner file comes from the
case's base, bench/piles/<lab>/_correct/ (an implementation written from CONTRACT.md alone) unless case.json says
"base": "answers" (the hidden reference). _correct/ itself must pass every step.

A case is caught when step N is not passed and every step before N passed (caught on its own step). It is late when
an earlier step already fails, or a later step is the first to fail; it escapes when every step passes.

    bench/piles.py LAB [CASE ...] [--jobs N] [--json]
exit 0: every case caught on its own step and _correct passes every step; 1 otherwise.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def workspace(lab, case, tmp):
    pile = os.path.join(HOME, "bench", "piles", lab)
    spec = {} if case == "_correct" else json.load(open(os.path.join(pile, case, "case.json"), encoding="utf-8"))
    base = os.path.join(HOME, "answers") if spec.get("base") == "answers" else os.path.join(pile, "_correct")
    ws = tempfile.mkdtemp(prefix=case + "-", dir=tmp)
    for src in (base, os.path.join(pile, case)):
        for root, _, files in os.walk(src):
            for f in files:
                if f.endswith(".java"):
                    rel = os.path.relpath(os.path.join(root, f), src)
                    if src == base and not rel.startswith(packages(lab)):
                        continue
                    os.makedirs(os.path.dirname(os.path.join(ws, rel)), exist_ok=True)
                    shutil.copy(os.path.join(root, f), os.path.join(ws, rel))
    return ws, spec


def packages(lab):
    course = json.load(open(os.path.join(HOME, "lessons", lab, "course.json"), encoding="utf-8"))
    return course.get("package", lab)


def run(lab, case, tmp):
    ws, spec = workspace(lab, case, tmp)
    p = subprocess.run([os.path.join(HOME, "workbook"), "--lab", lab, "check", "--workspace", ws, "--json"],
                       capture_output=True, text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return case, spec, None, "no JSON: " + (p.stderr or p.stdout)[-300:]
    if not d.get("compile", {}).get("ok", True):
        return case, spec, None, "compile error: " + json.dumps(d.get("compile"), ensure_ascii=False)[:300]
    statuses = {s["step"]: s["status"] for s in d["steps"]}
    failing = {s["step"]: [t.get("id", t.get("name")) for t in s.get("tests", []) if t.get("status") != "passed"]
               for s in d["steps"] if s["status"] != "passed"}
    return case, spec, statuses, failing


def verdict(case, spec, statuses):
    if statuses is None:
        return "broken"
    first = min([n for n, s in statuses.items() if s != "passed"], default=None)
    if case == "_correct":
        return "ok" if first is None else "rejected"
    if first is None:
        return "escapes"
    return "caught" if first == spec["step"] else ("early" if first < spec["step"] else "late")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lab")
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    pile = os.path.join(HOME, "bench", "piles", a.lab)
    cases = a.cases or ["_correct"] + sorted(c for c in os.listdir(pile) if not c.startswith("_")
                                              and os.path.isdir(os.path.join(pile, c)))
    tmp = tempfile.mkdtemp(prefix="piles-")
    try:
        with ThreadPoolExecutor(a.jobs) as ex:
            results = list(ex.map(lambda c: run(a.lab, c, tmp), cases))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    counts, rows = {}, []
    for case, spec, statuses, detail in results:
        v = verdict(case, spec, statuses)
        counts[v] = counts.get(v, 0) + 1
        rows.append({"case": case, "step": spec.get("step"), "verdict": v, "steps": statuses, "detail": detail})
        if not a.json:
            print(f"{v:8} {case:50} step {spec.get('step', '-')}  {'' if v in ('caught', 'ok') else detail}")
    if a.json:
        print(json.dumps({"lab": a.lab, "counts": counts, "cases": rows}, ensure_ascii=False, indent=1))
    else:
        print(" ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    bad = sum(v for k, v in counts.items() if k not in ("caught", "ok"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
