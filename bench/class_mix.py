#!/usr/bin/env python3
"""Makes a class of submissions for lab `lease` from files already in the repo, deterministically (bench/class.sh).

    class_mix.py HOME DIR N SEED HOSTILE

writes DIR/class/<student>/lease/{Jobs.java,JobsTest.java} and DIR/mix.tsv (student, kind, code, tests), and prints
nothing but errors. The mix is documented in bench/class.sh's header; the numbers here are the ones it describes.
Learner test suites made by removing methods from the strong suite are compiled once against the reference (javac),
so a suite the remover broke fails here, loudly, and never reaches the class as a "tests do not compile" student.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

FIX = "src/test/resources/fixtures"

# In the order a class smaller than 100 takes them (N // 10 of them, at most 10).
HOSTILE = [
    ("code", "check/infinite-loop-in-renew"),
    ("tests", "mutants/endless-test"),
    ("code", "check/system-exit-1-in-enqueue"),
    ("code", "check/out-of-memory-in-state"),
    ("code", "check/output-flood-in-release"),
    ("code", "check/deadlock-in-enqueue"),
    ("tests", "mutants/static-init-hangs"),
    ("code", "check/static-initializer-fails"),
    ("tests", "mutants/reads-the-runner"),
    ("code", "check/system-exit-75-in-enqueue"),
]
# Planted-bug code that is hostile, or an exit status, rather than an ordinary mistake: never in the ordinary pool.
NOT_ORDINARY = {name for kind, name in HOSTILE if kind == "code"} | {"check/system-exit-3-in-enqueue"}

CORRECT_SHARE = 0.30  # of the ordinary submissions, the reference as it is
# Learner test suites of the ordinary submissions, and their shares. "strong-keepNN" is the strong suite with a
# deterministic NN % of its @Test methods kept; "derived" fixtures (suiteFrom/without) are built the same way.
SUITE_SHARES = [
    ("mutants/strong", 0.15),
    ("strong-keep40", 0.08),
    ("strong-keep55", 0.09),
    ("strong-keep70", 0.09),
    ("strong-keep85", 0.09),
    ("derived", 0.10),
    ("mutants/weak", 0.15),
    ("skeleton", 0.10),
    ("mutants/invalid", 0.07),
    ("mutants/class-renamed", 0.04),
    ("mutants/nocompile", 0.04),
]

TEST_ANNOTATION = re.compile(r"^\s*@(Test|RepeatedTest|ParameterizedTest)\b")
METHOD = re.compile(r"^\s*(?:public\s+|protected\s+|private\s+|static\s+|final\s+)*void\s+(\w+)\s*\(")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_methods(src):
    """The names of the @Test methods of a suite, in file order."""
    names, pending = [], False
    for line in src.splitlines():
        if TEST_ANNOTATION.match(line):
            pending = True
        elif pending:
            m = METHOD.match(line)
            if m:
                names.append(m.group(1))
                pending = False
            elif not line.strip().startswith("@"):
                pending = False
    return names


def body_end(text, start):
    """Index just past the '}' closing the first '{' at or after start, skipping strings, chars and comments."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("unterminated comment")
            i = j + 2
            continue
        if text.startswith('"""', i):
            j = text.find('"""', i + 3)
            if j < 0:
                raise ValueError("unterminated text block")
            i = j + 3
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
            if depth < 0:
                raise ValueError("unbalanced braces")
        i += 1
    raise ValueError("no closing brace")


def without(src, names):
    """The suite without the named @Test methods: each with its annotations, its Javadoc and one blank line after."""
    for name in names:
        lines = src.splitlines(keepends=True)
        sig = [i for i, l in enumerate(lines) if (m := METHOD.match(l)) and m.group(1) == name]
        if len(sig) != 1:
            raise ValueError(f"method {name}: {len(sig)} declarations")
        first = sig[0]
        while first > 0 and lines[first - 1].strip().startswith("@"):
            first -= 1
        if first > 0 and lines[first - 1].strip().endswith("*/"):
            while first > 0 and not lines[first - 1].strip().startswith("/*"):
                first -= 1
            first -= 1
        start = sum(len(l) for l in lines[:first])
        end = body_end(src, sum(len(l) for l in lines[:sig[0]]))
        end = src.find("\n", end) + 1 or len(src)
        if src.startswith("\n", end):
            end += 1
        src = src[:start] + src[end:]
    return src


def checked_without(src, names):
    """without(), and proof it removed exactly those tests and nothing else."""
    out = without(src, names)
    before, after = test_methods(src), test_methods(out)
    if after != [t for t in before if t not in names] or out.count("{") - out.count("}") != src.count("{") - src.count("}"):
        raise ValueError(f"removing {names} did not leave the other {len(before) - len(names)} tests intact")
    return out


def compiles(home, suite, lib):
    """javac the suite against the reference; None when it compiles, else javac's first lines."""
    with tempfile.TemporaryDirectory(prefix="bench-javac-") as d:
        os.makedirs(os.path.join(d, "src", "lease"))
        test = os.path.join(d, "src", "lease", "JobsTest.java")
        with open(test, "w", encoding="utf-8") as f:
            f.write(suite)
        r = subprocess.run(["javac", "-proc:none", "-nowarn", "-d", os.path.join(d, "out"), "-cp", lib,
                            os.path.join(home, "answers/lease/Jobs.java"), test], capture_output=True, text=True)
        return None if r.returncode == 0 else "\n".join((r.stdout + r.stderr).splitlines()[:5])


def suites(home, seed):
    """Every ordinary suite by name: its source. The made ones are compiled against the reference first."""
    strong = read(os.path.join(home, FIX, "mutants/strong/lease/JobsTest.java"))
    tests = test_methods(strong)
    out, made = {}, {}
    for name, _ in SUITE_SHARES:
        if name.startswith("strong-keep"):
            keep = int(name[len("strong-keep"):])
            rng = random.Random(f"{seed}:{name}")
            drop = sorted(rng.sample(tests, len(tests) - round(len(tests) * keep / 100)), key=tests.index)
            made[name] = checked_without(strong, drop)
        elif name == "skeleton":
            out[name] = read(os.path.join(home, "skeleton/lease/JobsTest.java"))
        elif name != "derived":
            out[name] = read(os.path.join(home, FIX, name, "lease/JobsTest.java"))
    for case in sorted(os.listdir(os.path.join(home, FIX, "mutants"))):
        d = os.path.join(home, FIX, "mutants", case)
        expected = os.path.join(d, "expected.json")
        if not os.path.isfile(os.path.join(d, "lease/JobsTest.java")) and os.path.isfile(expected):
            e = json.load(open(expected, encoding="utf-8"))
            if "suiteFrom" in e:
                base = read(os.path.join(home, FIX, "mutants", e["suiteFrom"], "lease/JobsTest.java"))
                made["mutants/" + case] = checked_without(base, e.get("without", []))
    lib = os.path.join(home, "target", "lib", "*")
    for name, src in made.items():
        problem = compiles(home, src, lib)
        if problem:
            raise SystemExit(f"class_mix: the made suite {name} does not compile:\n{problem}")
    out.update(made)
    return out


def quotas(n, shares):
    """n split by shares, largest remainder first (ties by order): the counts sum to n exactly."""
    total = sum(s for _, s in shares)
    raw = [(name, n * s / total) for name, s in shares]
    counts = {name: int(r) for name, r in raw}
    rest = sorted(range(len(raw)), key=lambda i: (-(raw[i][1] - int(raw[i][1])), i))
    for i in rest[: n - sum(counts.values())]:
        counts[raw[i][0]] += 1
    return counts


def main(home, target, n, seed, hostile):
    rng = random.Random(f"{seed}:class")
    n_hostile = min(len(HOSTILE), n // 10 if hostile < 0 else hostile, n)
    ordinary = n - n_hostile
    by_suite = suites(home, seed)
    derived = sorted(k for k in by_suite if k.startswith("mutants/") and k not in dict(SUITE_SHARES))

    pool = sorted("check/" + c for c in os.listdir(os.path.join(home, FIX, "check"))
                  if "check/" + c not in NOT_ORDINARY)
    correct = round(ordinary * CORRECT_SHARE)
    codes = ["answers"] * correct
    order = pool[:]
    while len(codes) < ordinary:
        rng.shuffle(order)
        codes += order[: ordinary - len(codes)]
    tests = []
    for name, count in quotas(ordinary, SUITE_SHARES).items():
        picks = derived if name == "derived" else [name]
        tests += [picks[i % len(picks)] for i in range(count)]
    rng.shuffle(codes)
    rng.shuffle(tests)
    subs = [("ordinary", c, t) for c, t in zip(codes, tests)]
    for kind, name in HOSTILE[:n_hostile]:
        if kind == "code":  # a hostile implementation, with tests of the ordinary kind
            subs.append(("hostile", name, rng.choice(sorted(by_suite))))
        else:               # a hostile test suite, on the reference, so the mutant phase does run it
            subs.append(("hostile", "answers", name))
    rng.shuffle(subs)

    cls = os.path.join(target, "class")
    if os.path.exists(cls):
        shutil.rmtree(cls)
    width = max(3, len(str(n)))
    with open(os.path.join(target, "mix.tsv"), "w", encoding="utf-8") as mix:
        mix.write("student\tkind\tcode\ttests\n")
        for i, (kind, code, suite) in enumerate(subs, 1):
            student = f"s{i:0{width}d}"
            d = os.path.join(cls, student, "lease")
            os.makedirs(d)
            src = os.path.join(home, "answers/lease/Jobs.java") if code == "answers" \
                else os.path.join(home, FIX, code, "lease/Jobs.java")
            shutil.copyfile(src, os.path.join(d, "Jobs.java"))
            with open(os.path.join(d, "JobsTest.java"), "w", encoding="utf-8") as f:
                f.write(by_suite[suite] if suite in by_suite
                        else read(os.path.join(home, FIX, suite, "lease/JobsTest.java")))
            mix.write(f"{student}\t{kind}\t{code}\t{suite}\n")


if __name__ == "__main__":
    if len(sys.argv) != 6:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
