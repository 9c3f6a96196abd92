#!/usr/bin/env bash
# Prints, side by side, the workbook's own timings and the plain way of doing the same work:
#   check (lab 1, all eight steps, cold: a new runner JVM and a changed Jobs.java, so it is compiled again)
#   audit (lab 1: reference, skeleton, every mutant, race trials)
#   the same two for lab 2 (singleflight: six steps, five learner files, a fake tenant on loopback)
#   the same two for lab 3 (projection: four steps), and its probe (reference + named mutants + yours, 40 cells each)
#   watch: from a save to its verdict, warm (median of the times watch itself reports)
#   plain: one `mvn test` per variant (the reference and each mutant), as a course without this runner would do it.
# Usage: bench/benchmark.sh [REPEATS]   (medians of REPEATS runs; default 5; the plain way runs once)
#        PLAIN=0 bench/benchmark.sh 5  skips the plain way (it takes minutes)
# Grading a whole class (`./workbook grade` on 100 made-up submissions, hostile ones among them, at --jobs 1 and 2,
# beside one `mvn test` per submission) takes tens of minutes, so it is a script of its own: bench/class.sh [N].
#
# It never ends silently: it says on standard error which figure it is measuring as it goes, a figure that cannot be
# measured (a command that fails, a missing tool) is printed as "n/a" with the reason beside it, and the table is
# always printed. (No `set -e`: under it a step that failed inside a command substitution ended the script without
# a word.)
set -uo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repeats="${1:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
say() { echo "bench: $*" >&2; }
why=()            # the reasons behind each n/a, printed under the table

say "building the runner if needed"
if ! "$home/workbook" --version >/dev/null; then
  say "the runner does not build: see $home/target/build.log"
  exit 2
fi

# The median of the numbers on standard input ("fail" lines are dropped), or n/a when none is left.
median() { grep -E '^[0-9.]+$' | sort -n | awk '{a[NR]=$1} END {if (NR == 0) {printf "n/a"; exit} m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
# The wall time of a command in seconds, or "fail" when it ends with a status above 1 (1 is a failed verdict, which
# the reference never has: still a time).
seconds() {
  local s e rc
  s=$(date +%s%N); "$@" >/dev/null 2>"$work/last.err"; rc=$?; e=$(date +%s%N)
  if [ "$rc" -gt 1 ]; then echo fail; say "  failed (exit $rc): $* — $(head -c 300 "$work/last.err")"; return; fi
  awk -v d=$((e - s)) 'BEGIN {printf "%.3f", d / 1e9}'
}
# A figure as it is (n/a when every run failed; the reasons are gathered before the table, see below).
figure() { printf '%s' "$1"; }

# A learner workspace holding the reference, so every step really runs to the end.
mkdir -p "$work/ws/lease"
cp "$home/answers/lease/Jobs.java" "$work/ws/lease/Jobs.java"
cp "$home/skeleton/lease/JobsTest.java" "$work/ws/lease/JobsTest.java"

# One lab's three timings, medians of $repeats: check after a change to FILE (compiled again), check of the same
# files, audit. Prints "cold warm audit".
lab_times() {  # $1 = lab, $2 = workspace, $3 = a learner file to change
  local cold=() warm=() aud=() i
  say "lab $1: check after a change ($repeats runs), check unchanged, audit"
  for i in $(seq "$repeats"); do
    echo "// bench $RANDOM$RANDOM $i" >> "$3"     # new content: compiled again
    cold+=("$(seconds "$home/workbook" check --workspace "$2")")
  done
  for i in $(seq "$repeats"); do
    warm+=("$(seconds "$home/workbook" check --workspace "$2")")
  done
  for i in $(seq "$repeats"); do
    aud+=("$(seconds "$home/workbook" audit --lab "$1")")
  done
  echo "$(printf '%s\n' "${cold[@]}" | median) $(printf '%s\n' "${warm[@]}" | median) $(printf '%s\n' "${aud[@]}" | median)"
}
read -r cw ww am <<< "$(lab_times lease "$work/ws" "$work/ws/lease/Jobs.java")"

# Lab 2 the same way: its reference in a workspace of its own.
mkdir -p "$work/ws2/singleflight"
cp "$home"/answers/singleflight/*.java "$work/ws2/singleflight/"
cp "$home/skeleton/singleflight/SingleflightTest.java" "$work/ws2/singleflight/"
read -r cw2 ww2 am2 <<< "$(lab_times singleflight "$work/ws2" "$work/ws2/singleflight/Worker.java")"

# Lab 3 the same way, and its probe.
mkdir -p "$work/ws3/projection"
cp "$home"/answers/projection/*.java "$work/ws3/projection/"
cp "$home/skeleton/projection/ProjectionTest.java" "$work/ws3/projection/"
read -r cw3 ww3 am3 <<< "$(lab_times projection "$work/ws3" "$work/ws3/projection/Tally.java")"
mkdir -p "$work/ws4/pgqueue"
cp "$home/answers/pgqueue/Leases.java" "$home/skeleton/pgqueue/LeasesTest.java" "$work/ws4/pgqueue/"
read -r cw4 ww4 am4 <<< "$(lab_times pgqueue "$work/ws4" "$work/ws4/pgqueue/Leases.java")"
say "lab 4: the PostgreSQL server's start alone, template copied to the first connection ($repeats runs)"
pg=()
for i in $(seq "$repeats"); do
  pg+=("$(java -cp "$home/target/workbook.jar:$home/target/lib/*" workbook.run.PostgresServer "$home/target/workbook-cache" 2>/dev/null | tail -1)")
done
pgstart=$(printf '%s\n' "${pg[@]}" | median)
pr=()
say "lab 3: probe with a new seed ($repeats runs)"
for i in $(seq "$repeats"); do
  pr+=("$(seconds "$home/workbook" probe --workspace "$work/ws3" --seed "$i")")
done
probe3=$(printf '%s\n' "${pr[@]}" | median)

# watch: save → verdict on the warm path (a serving child JVM, a warm compiler), step 2, as watch itself reports it.
say "watch: save -> verdict ($((repeats * 4)) saves)"
fifo="$work/keys"; mkfifo "$fifo"
"$home/workbook" watch --step 2 --workspace "$work/ws" --lang en < "$fifo" > "$work/watch.out" 2>&1 &
watcher=$!
exec 3>"$fifo"
sleep 8                                   # start-up, first check, compiler warm-up
for i in $(seq $((repeats * 4))); do
  echo "// watch bench $RANDOM $i" >> "$work/ws/lease/Jobs.java"
  sleep 1.5
done
echo q >&3; exec 3>&-; wait "$watcher" || true
watch_ms=$(grep -o 'verdict [0-9,]* ms after the save' "$work/watch.out" | tr -d , | awk '{print $2}' | median)
[ "$watch_ms" = n/a ] && why+=("watch: it reported no verdict time; its last lines: $(tail -3 "$work/watch.out" | tr '\n' ' ')")

# The plain way: a Maven project per variant with the official tests, `mvn test` each.
variants=0
[ "${PLAIN:-1}" = 0 ] || say "plain: mvn test once per variant (minutes)"
plain_start=$(date +%s%N)
make_variant() {  # $1 = name, $2 = Jobs.java content file
  local d="$work/plain/$1"
  mkdir -p "$d/src/main/java/lease" "$d/src/test/java/lease"
  cp "$home/bench/plain-pom.xml" "$d/pom.xml"
  cp "$2" "$d/src/main/java/lease/Jobs.java"
  cp "$home"/lessons/lease/_support/lease/*.java "$d/src/test/java/lease/"
  cp "$home"/lessons/lease/0*/*Test.java "$d/src/test/java/lease/"
  (cd "$d" && mvn -q -o -B test >/dev/null 2>&1)
  variants=$((variants + 1))
}
if [ "${PLAIN:-1}" = 0 ]; then mutant_files=(); else mutant_files=("$home"/mutants/lease/*.mutant); fi
[ "${PLAIN:-1}" = 0 ] || make_variant reference "$home/answers/lease/Jobs.java"
for m in "${mutant_files[@]}"; do
  id="$(basename "$m" .mutant)"
  java -cp "$home/target/workbook.jar:$home/target/lib/*" -Dworkbook.home="$home" workbook.cli.Main \
    --lab lease mutant-source "$id" > "$work/$id.java" 2>/dev/null || { echo "cannot apply $id" >&2; continue; }
  make_variant "$id" "$work/$id.java"
done
plain_end=$(date +%s%N)
plain=$(awk -v d=$((plain_end - plain_start)) 'BEGIN {printf "%.2f", d / 1e9}')

for pair in "lab 1 check cold=$cw" "lab 1 check warm=$ww" "lab 1 audit=$am" "lab 2 check cold=$cw2" \
    "lab 2 check warm=$ww2" "lab 2 audit=$am2" "lab 3 check cold=$cw3" "lab 3 check warm=$ww3" "lab 3 audit=$am3" \
    "lab 3 probe=$probe3" "lab 4 check cold=$cw4" "lab 4 check warm=$ww4" "lab 4 audit=$am4" "lab 4 server start=$pgstart"; do
  [ "${pair#*=}" = n/a ] && why+=("${pair%%=*}: every run failed (the lines above say how)")
done
printf '\n%-52s %10s %8s\n' "what ($(nproc) cores, $(java -version 2>&1 | head -1 | cut -d'"' -f2))" "seconds" "target"
printf '%-52s %10s %8s\n' "lab 1 check, all 8 steps, cold (median of $repeats)" "$(figure "$cw" "lab 1 check cold")" "<= 2"
printf '%-52s %10s %8s\n' "lab 1 check, unchanged file (median of $repeats)" "$(figure "$ww" "lab 1 check warm")" ""
printf '%-52s %10s %8s\n' "lab 1 audit, reference + skeleton + all mutants" "$(figure "$am" "lab 1 audit")" "<= 10"
printf '%-52s %10s %8s\n' "lab 2 check, all 6 steps, cold (median of $repeats)" "$(figure "$cw2" "lab 2 check cold")" "<= 2"
printf '%-52s %10s %8s\n' "lab 2 check, unchanged files (median of $repeats)" "$(figure "$ww2" "lab 2 check warm")" ""
printf '%-52s %10s %8s\n' "lab 2 audit, reference + skeleton + all mutants" "$(figure "$am2" "lab 2 audit")" "<= 10"
printf '%-52s %10s %8s\n' "lab 3 check, all 4 steps, cold (median of $repeats)" "$(figure "$cw3" "lab 3 check cold")" "<= 2"
printf '%-52s %10s %8s\n' "lab 3 check, unchanged files (median of $repeats)" "$(figure "$ww3" "lab 3 check warm")" ""
printf '%-52s %10s %8s\n' "lab 3 audit, reference + skeleton + all mutants" "$(figure "$am3" "lab 3 audit")" "<= 10"
printf '%-52s %10s %8s\n' "lab 3 probe, a new seed: 11 builds x 40 cells (median of $repeats)" "$(figure "$probe3" "lab 3 probe")" ""
printf '%-52s %10s %8s\n' "lab 4 check, all 5 steps, cold, server included" "$(figure "$cw4" "lab 4 check cold")" ""
printf '%-52s %10s %8s\n' "lab 4 check, unchanged files (median of $repeats)" "$(figure "$ww4" "lab 4 check warm")" ""
printf '%-52s %10s %8s\n' "lab 4 audit, reference + skeleton + all mutants" "$(figure "$am4" "lab 4 audit")" ""
printf '%-52s %10s %8s\n' "lab 4 PostgreSQL start, in ms (median of $repeats)" "$(figure "$pgstart" "lab 4 server start")" ""
printf '%-52s %10s %8s\n' "watch: save -> verdict, one step, warm (median, ms)" "$watch_ms" "<= 300"
printf '%-52s %10.2f %8s\n' "plain: mvn test once per variant ($variants variants)" "$plain" ""
if [ "$variants" -gt 0 ] && [ "$am" != n/a ]; then
  printf '%-52s %9.1fx %8s\n' "plain / lab 1 audit" "$(awk -v p="$plain" -v a="$am" 'BEGIN {print p / a}')" ">= 5x"
fi
for w in "${why[@]}"; do echo "n/a: $w"; done
echo "grading a class of submissions: bench/class.sh [N] (long-running; run it on its own)"
