#!/usr/bin/env bash
# Grading a class, timed: `./workbook grade` on N made-up submissions of lab lease at --jobs 1, --jobs 2 and its
# default, beside the plain way (one `mvn test` per submission). Long-running (minutes per run): kept apart from
# bench/benchmark.sh.
#
# Usage: bench/class.sh [N]            N submissions (default 100)
#   REPEATS=1   runs per --jobs value; the median wall time is reported (default 1: a run of 100 takes minutes)
#   JOBS="1 2 default"  the --jobs values ("default": no --jobs, the workbook's own choice); the speed-up is the
#               first one's time over each other's
#   K=5         submissions graded the plain way, extrapolated to N; PLAIN=0 skips the plain way
#   SEED=11     the class is a function of N, SEED and HOSTILE only (bench/class_mix.py, no clock, no $RANDOM)
#   HOSTILE=k   hostile submissions (default N/10, at most 10: the list below, taken in its order)
#   BUDGET=s    passed on as --time-budget (default: the workbook's own, 60 s per submission)
#   KEEP=1      keep the class, the reports and the logs (their folder is printed); BENCH_DIR=DIR puts them there
#               (default: a new folder in /var/tmp; not under /tmp, which the isolated run hides)
#   ISOLATE=0   run `grade` in the machine's own /dev/shm and /tmp (see "Checked after every run")
#
# The class (made by bench/class_mix.py from files already in the repo; one folder per student, s001 …, each with
# lease/Jobs.java and lease/JobsTest.java; DIR/mix.tsv says where each file came from). For N = 100:
#   90 ordinary submissions
#     code:  30 % the reference (answers/lease/Jobs.java, correct); the rest planted-bug variants
#            (src/test/resources/fixtures/check/*/lease/Jobs.java: wrong or partial, one does not compile, some have a
#            wrong signature, a wrong package or a wrong record component), cycled in a seeded order so each appears
#            once or twice. The hostile variants below and system-exit-3 are never ordinary.
#     tests: 15 % the strong suite (fixtures/mutants/strong, 45 tests); 35 % mid-size suites, the strong suite with
#            a seeded 60/45/30/15 % of its @Test methods removed (strong-keep40/55/70/85); 10 % the fixtures made the
#            same way (expected.json's suiteFrom/without: skips-renews-boundary); 15 % weak (happy paths only);
#            10 % the skeleton's example tests; 7 % invalid (misreads the contract); 4 % class-renamed; 4 % nocompile.
#            Code and tests are paired by two independent seeded shuffles. Every made suite is compiled against the
#            reference before it is used, and checked to have lost exactly the methods named and no others.
#   10 hostile submissions
#     code (with a seeded ordinary suite): an endless loop (check/infinite-loop-in-renew), System.exit
#            (check/system-exit-1-in-enqueue), a memory hog (check/out-of-memory-in-state), an output flood
#            (check/output-flood-in-release), a deadlock (check/deadlock-in-enqueue), a static initialiser that throws
#            (check/static-initializer-fails), System.exit(75), the runner's own status (check/system-exit-75-in-enqueue)
#     tests (on the reference, so the mutant phase does run them): an endless learner test (mutants/endless-test), a
#            test class whose static initialiser hangs (mutants/static-init-hangs), tests that attack the runner by
#            its plan and event files (mutants/reads-the-runner)
#   Smaller classes keep the shares; their N/10 hostile ones are the first of that list in the order class_mix.py
#   gives (endless loop, endless test, System.exit, memory hog, output flood, deadlock, static-init hang, …).
#
# Checked after every run (exit 1 if not): every hostile submission has a verdict (not `error`, not `missing`); every
# submission has the same verdict and the same number of steps passed in every run (whatever --jobs); no
# child JVM of this workbook (`pgrep -f workbook.child.ChildMain`, with this checkout's jar on its command line) is
# left 3 s after `grade` ends; no /dev/shm/workbook-* or /tmp/workbook-* folder is left. The run gets a private, empty
# /dev/shm and /tmp (a mount namespace: ISOLATE=1, the default where `unshare -Urm` works), so a folder left there is
# this run's and not another user's; ISOLATE=0 compares the machine's folders before and after instead. The counts of
# everyone's live children and folders are printed beside, before and after, in each run's .leaks file.
#
# The plain way: for K ordinary submissions (the first K by name: a hostile one would hang plain Maven, which has no
# time limit here), copy Jobs.java into a throwaway Maven project with the lab's official tests (bench/plain-pom.xml,
# as bench/benchmark.sh does) and time `mvn -q -o -B test`; the mean times N is printed as an extrapolation. It grades
# the official tests only: neither the learner's own tests nor the mutants.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-100}"
repeats="${REPEATS:-1}"
read -r -a jobs_list <<< "${JOBS:-1 2 default}"
k="${K:-5}"
seed="${SEED:-11}"
work="${BENCH_DIR:-$(mktemp -d /var/tmp/bench-class.XXXXXX)}"
mkdir -p "$work"
if [ "${KEEP:-0}" = 1 ]; then echo "class.sh: keeping everything in $work" >&2; else trap 'rm -rf "$work"' EXIT; fi

"$home/workbook" --version >/dev/null   # builds the runner if needed
python3 "$home/bench/class_mix.py" "$home" "$work" "$n" "$seed" "${HOSTILE:--1}"

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f", m}'; }
load() { cut -d' ' -f1 /proc/loadavg; }
jar_re="$(printf '%s' "$home/target/workbook.jar" | sed 's/[.[\*^$]/\\&/g')"
ours() { { pgrep -f "$jar_re.*workbook\.child\.ChildMain" || true; } | wc -l; }
theirs() { local all; all=$({ pgrep -f 'workbook\.child\.ChildMain' || true; } | wc -l); echo $((all - $(ours))); }
folders() { ls -d /dev/shm/workbook-* /tmp/workbook-* 2>/dev/null | sort || true; }

problems=0
problem() { echo "PROBLEM: $*"; problems=$((problems + 1)); }

# Folders a run leaves are counted in a mount namespace of the run's own (ISOLATE=1, the default where unprivileged
# user namespaces work, as the workbook's own sandbox needs): /dev/shm and /tmp start empty there, so whatever
# workbook-* folder is in them when `grade` has ended is this run's, whatever else runs on the machine. The run's
# children are still this machine's processes, told apart by this checkout's jar on their command line. ISOLATE=0
# compares the machine's /dev/shm and /tmp before and after instead (other people's runs then show up too).
isolate="${ISOLATE:-$(unshare -Urm true 2>/dev/null && echo 1 || echo 0)}"
case "$work" in /tmp|/tmp/*) [ "$isolate" = 0 ] || { echo "class.sh: BENCH_DIR under /tmp is hidden by ISOLATE=1" >&2; exit 2; } ;; esac

# One `grade` of the class; sets last_wall to its wall seconds. Leaves OUT/, OUT.stdout, OUT.stderr, OUT.leaks.
grade_once() {  # $1 = jobs, $2 = out
  local before rc bound left new
  before="$(folders)"
  echo "machine before: children ours $(ours), others $(theirs); workbook-* folders $(printf '%s' "$before" | grep -c . || true)" > "$2.leaks"
  # The default run is bounded as if at --jobs 1: the workbook picks its own number (fewer where memory is short).
  local j=$1 jobs_opt=(--jobs "$1")
  [ "$1" != default ] || { j=1; jobs_opt=(); }
  bound=$(( n * (${BUDGET:-60} + 40) / j + 300 ))   # far past what BatchGrader allows itself
  local cmd=(timeout "$bound" "$home/workbook" grade "$work/class" "${jobs_opt[@]}" --out "$2" --lab lease --lang en
             ${BUDGET:+--time-budget "$BUDGET"})
  # The inner shell times the run, waits for children being killed to go, and lists the folders left.
  local inner='s=$(date +%s%N); "$@" > "$OUT.stdout" 2> "$OUT.stderr"; rc=$?; e=$(date +%s%N)
    echo $((e - s)) > "$OUT.nanos"; sleep 3
    ls -d /dev/shm/workbook-* /tmp/workbook-* 2>/dev/null > "$OUT.left"; exit $rc'
  set +e
  if [ "$isolate" = 1 ]; then
    OUT="$2" unshare -Urm sh -c "mount -t tmpfs none /dev/shm && mount -t tmpfs none /tmp || exit 97; $inner" inner "${cmd[@]}"
  else
    OUT="$2" sh -c "$inner" inner "${cmd[@]}"
  fi
  rc=$?
  set -e
  left=$(ours)
  if [ "$isolate" = 1 ]; then
    new="$(grep . "$2.left" || true)"
  else
    new="$(comm -13 <(printf '%s\n' "$before") <(sort "$2.left") | grep . || true)"
  fi
  { echo "machine after: children ours $left, others $(theirs); workbook-* folders $(folders | grep -c . || true)"
    echo "exit $rc; isolated $isolate; folders this run left: $(printf '%s' "$new" | grep -c . || true)"
    [ -z "$new" ] || printf 'left: %s\n' $new; } >> "$2.leaks"
  [ "$rc" -le 1 ] || problem "grade --jobs $1 exited $rc (124: killed after $bound s; 97: no private /dev/shm); see $2.stderr"
  [ "$left" -eq 0 ] || problem "grade --jobs $1 left $left child JVM(s) running"
  [ -z "$new" ] || problem "grade --jobs $1 left $(printf '%s\n' "$new" | wc -l) workbook-* folder(s): $(echo $new)"
  last_wall=$(awk -v d="$(cat "$2.nanos" 2>/dev/null || echo 0)" 'BEGIN {printf "%.1f", d / 1e9}')
}

echo "class: $n submissions of lab lease (seed $seed) in $work/class; load $(load) on $(nproc) cores; isolated $isolate" >&2
declare -A wall
for j in "${jobs_list[@]}"; do
  times=()
  for r in $(seq "$repeats"); do
    echo "grade --jobs $j, run $r of $repeats …" >&2
    grade_once "$j" "$work/out-j$j-r$r"
    times+=("$last_wall")
    echo "  ${times[-1]} s" >&2
  done
  wall[$j]="$(printf '%s\n' "${times[@]}" | median)"
done

# The plain way.
plain_line=""
if [ "${PLAIN:-1}" != 0 ] && [ "$k" -gt 0 ]; then
  mapfile -t sample < <(awk -F'\t' 'NR > 1 && $2 == "ordinary" {print $1}' "$work/mix.tsv" | head -n "$k")
  plain_total=0
  for st in "${sample[@]}"; do
    d="$work/plain/$st"
    mkdir -p "$d/src/main/java/lease" "$d/src/test/java/lease"
    cp "$home/bench/plain-pom.xml" "$d/pom.xml"
    cp "$work/class/$st/lease/Jobs.java" "$d/src/main/java/lease/Jobs.java"
    cp "$home"/lessons/lease/_support/lease/*.java "$d/src/test/java/lease/"
    cp "$home"/lessons/lease/0*/*Test.java "$d/src/test/java/lease/"
    echo "plain: mvn test for $st …" >&2
    s=$(date +%s%N)
    set +e; (cd "$d" && timeout 900 mvn -q -o -B test > "$d.log" 2>&1); rc=$?; set -e
    e=$(date +%s%N)
    plain_total=$((plain_total + e - s))
    echo "$st $(awk -v d=$((e - s)) 'BEGIN {printf "%.1f", d / 1e9}') $([ "$rc" = 0 ] && echo green || echo "red (exit $rc)")" >> "$work/plain.txt"
  done
  plain_line="$(awk -v t="$plain_total" -v k="${#sample[@]}" -v n="$n" \
    'BEGIN {m = t / k / 1e9; printf "%.1f %.0f %.1f", m, m * n, 60 / m}')"
fi

# Verdicts, hostile submissions and the comparison of runs, from the reports themselves.
python3 - "$work" "$n" "${jobs_list[*]}" "$repeats" <<'PY' || problems=$((problems + 1))
import csv, json, os, sys
work, n, jobs, repeats = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), int(sys.argv[4])
mix = {r["student"]: r for r in csv.DictReader(open(os.path.join(work, "mix.tsv")), delimiter="\t")}
runs = {}
for j in jobs:
    for r in range(1, repeats + 1):
        path = os.path.join(work, f"out-j{j}-r{r}", "grades.csv")
        runs[(j, r)] = {row["student"]: row for row in csv.DictReader(open(path, newline="", encoding="utf-8-sig"))} if os.path.exists(path) else {}
bad = 0
order = ["passed", "partial", "failed", "compile-error", "timeout", "missing", "error"]
print("\nverdicts (grades.csv)       " + "".join(f"{'j' + j + ' r' + str(r):>10}" for j, r in runs))
for v in order:
    counts = [sum(1 for row in g.values() if row["verdict"] == v) for g in runs.values()]
    if any(counts):
        print(f"  {v:<26}" + "".join(f"{c:>10}" for c in counts))
for (j, r), g in runs.items():
    if len(g) != n:
        print(f"PROBLEM: --jobs {j} run {r}: grades.csv has {len(g)} rows, not {n}"); bad += 1
hostile = [s for s, m in mix.items() if m["kind"] == "hostile"]
if hostile:
    print("\nhostile submissions         " + "".join(f"{'j' + j + ' r' + str(r):>22}" for j, r in runs))
    for s in sorted(hostile):
        what = mix[s]["code"] if mix[s]["code"] != "answers" else mix[s]["tests"]
        cells = []
        for key, g in runs.items():
            row = g.get(s)
            verdict = row["verdict"] if row else ""
            if verdict in ("", "error", "missing"):
                print(f"PROBLEM: hostile {s} ({what}) got no verdict at --jobs {key[0]}: {verdict or 'no row'}"); bad += 1
            cells.append(f"{verdict} {float(row['seconds']):.0f}s" if row else "-")
        print(f"  {s} {what.split('/')[-1][:21]:<21}" + "".join(f"{c:>22}" for c in cells))
first = next(iter(runs.values()), {})
changed = []
for key, g in list(runs.items())[1:]:
    for s, row in g.items():
        a = first.get(s)
        if a and (a["verdict"], a["steps_passed"], a["mutants_killed"], a["tests_valid"]) != \
                (row["verdict"], row["steps_passed"], row["mutants_killed"], row["tests_valid"]):
            changed.append((s, key, a, row))
if changed:
    # A grade must not depend on --jobs: a changed verdict or number of steps passed is a problem. A changed count of
    # valid tests or killed mutants is only noted: a race test may catch a concurrency mutant in one run and not another.
    print(f"\nsubmissions graded differently from the first run ({len(changed)}): verdict steps valid killed seconds")
    for s, (j, r), a, b in changed:
        grave = (a["verdict"], a["steps_passed"]) != (b["verdict"], b["steps_passed"])
        print(f"  {'PROBLEM: ' if grave else ''}{s} ({mix[s]['code'].split('/')[-1]} + {mix[s]['tests'].split('/')[-1]}): "
              f"{a['verdict']} {a['steps_passed']} {a['tests_valid']} {a['mutants_killed']} {a['seconds']}s → "
              f"j{j} r{r}: {b['verdict']} {b['steps_passed']} {b['tests_valid']} {b['mutants_killed']} {b['seconds']}s")
        bad += grave
slow = sorted(first.values(), key=lambda row: -float(row["seconds"]))[:5]
if slow:
    print("\nslowest in the first run: " + ", ".join(
        f"{row['student']} {row['seconds']}s ({mix[row['student']]['tests'].split('/')[-1]})" for row in slow))
sys.exit(1 if bad else 0)
PY

first="${jobs_list[0]}"
printf '\n%-58s %10s %10s\n' "class of $n, lab lease ($(nproc) cores, load now $(load))" "seconds" "per minute"
for j in "${jobs_list[@]}"; do
  own=$(python3 -c "import json,sys; print('%.1f' % (json.load(open(sys.argv[1]))['millis'] / 1000))" \
    "$work/out-j$j-r1/grades.json" 2>/dev/null || echo "?")
  label="--jobs $j"
  [ "$j" != default ] || label="default ($(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['jobs'])" \
    "$work/out-j$j-r1/grades.json" 2>/dev/null || echo "?") at once)"
  printf '%-58s %10s %10s\n' "workbook grade $label, wall (median of $repeats; own: $own s)" "${wall[$j]}" \
    "$(awk -v n="$n" -v w="${wall[$j]}" 'BEGIN {printf "%.1f", n * 60 / w}')"
done
echo "  (the issue's target: 100 submissions in under 300 s on 2 cores)"
for j in "${jobs_list[@]:1}"; do
  printf '%-58s %9sx\n' "speed-up, --jobs $first -> --jobs $j" "$(awk -v a="${wall[$first]}" -v b="${wall[$j]}" 'BEGIN {printf "%.2f", a / b}')"
done
if [ -n "$plain_line" ]; then
  read -r pm pn pr <<< "$plain_line"
  printf '%-58s %10s %10s\n' "plain: mvn test, one submission (mean of ${#sample[@]}, official tests only)" "$pm" "$pr"
  printf '%-58s %10s %10s\n' "plain: mvn test x $n, EXTRAPOLATED from those ${#sample[@]}" "$pn" "$pr"
  printf '%-58s %9sx\n' "plain x $n (extrapolated) / workbook grade --jobs $first" "$(awk -v p="$pn" -v w="${wall[$first]}" 'BEGIN {printf "%.1f", p / w}')"
  echo "  (plain: the official tests only; grade: the official tests, and the learner's tests on the reference and on $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['mutants']))" "$work/out-j$first-r1/grades.json" 2>/dev/null || echo "the") mutants)"
  sed 's/^/  plain sample: /' "$work/plain.txt"
fi
for f in "$work"/out-*.leaks; do
  echo "leak check $(basename "$f" .leaks): $(tr '\n' ';' < "$f")"
done
if [ "$problems" -gt 0 ]; then echo "class.sh: $problems problem(s), see above"; exit 1; fi
echo "class.sh: every hostile submission got a verdict, every submission the same grade in every run;" \
  "no child JVM or workbook-* folder was left behind"
