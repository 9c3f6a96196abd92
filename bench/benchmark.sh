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
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repeats="${1:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$home/workbook" --version >/dev/null   # builds the runner if needed

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
seconds() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); awk -v d=$((e - s)) 'BEGIN {printf "%.3f", d / 1e9}'; }

# A learner workspace holding the reference, so every step really runs to the end.
mkdir -p "$work/ws/lease"
cp "$home/answers/lease/Jobs.java" "$work/ws/lease/Jobs.java"
cp "$home/skeleton/lease/JobsTest.java" "$work/ws/lease/JobsTest.java"

# One lab's three timings, medians of $repeats: check after a change to FILE (compiled again), check of the same
# files, audit. Prints "cold warm audit".
lab_times() {  # $1 = lab, $2 = workspace, $3 = a learner file to change
  local cold=() warm=() aud=() i
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
pr=()
for i in $(seq "$repeats"); do
  pr+=("$(seconds "$home/workbook" probe --workspace "$work/ws3" --seed "$i")")
done
probe3=$(printf '%s\n' "${pr[@]}" | median)

# watch: save → verdict on the warm path (a serving child JVM, a warm compiler), step 2, as watch itself reports it.
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

# The plain way: a Maven project per variant with the official tests, `mvn test` each.
variants=0
plain_start=$(date +%s%N)
make_variant() {  # $1 = name, $2 = Jobs.java content file
  local d="$work/plain/$1"
  mkdir -p "$d/src/main/java/lease" "$d/src/test/java/lease"
  cp "$home/bench/plain-pom.xml" "$d/pom.xml"
  cp "$2" "$d/src/main/java/lease/Jobs.java"
  cp "$home"/lessons/lease/_support/lease/*.java "$d/src/test/java/lease/"
  cp "$home"/lessons/lease/0*/*Test.java "$d/src/test/java/lease/"
  (cd "$d" && mvn -q -o -B test >/dev/null 2>&1) || true
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

printf '\n%-52s %10s %8s\n' "what ($(nproc) cores, $(java -version 2>&1 | head -1 | cut -d'"' -f2))" "seconds" "target"
printf '%-52s %10s %8s\n' "lab 1 check, all 8 steps, cold (median of $repeats)" "$cw" "<= 2"
printf '%-52s %10s %8s\n' "lab 1 check, unchanged file (median of $repeats)" "$ww" ""
printf '%-52s %10s %8s\n' "lab 1 audit, reference + skeleton + all mutants" "$am" "<= 10"
printf '%-52s %10s %8s\n' "lab 2 check, all 6 steps, cold (median of $repeats)" "$cw2" "<= 2"
printf '%-52s %10s %8s\n' "lab 2 check, unchanged files (median of $repeats)" "$ww2" ""
printf '%-52s %10s %8s\n' "lab 2 audit, reference + skeleton + all mutants" "$am2" "<= 10"
printf '%-52s %10s %8s\n' "lab 3 check, all 4 steps, cold (median of $repeats)" "$cw3" "<= 2"
printf '%-52s %10s %8s\n' "lab 3 check, unchanged files (median of $repeats)" "$ww3" ""
printf '%-52s %10s %8s\n' "lab 3 audit, reference + skeleton + all mutants" "$am3" "<= 10"
printf '%-52s %10s %8s\n' "lab 3 probe, a new seed: 11 builds x 40 cells (median of $repeats)" "$probe3" ""
printf '%-52s %10s %8s\n' "watch: save -> verdict, one step, warm (median, ms)" "$watch_ms" "<= 300"
printf '%-52s %10.2f %8s\n' "plain: mvn test once per variant ($variants variants)" "$plain" ""
[ "$variants" -gt 0 ] && printf '%-52s %9.1fx %8s\n' "plain / lab 1 audit" "$(awk -v p="$plain" -v a="$am" 'BEGIN {print p / a}')" ">= 5x"
echo "grading a class of submissions: bench/class.sh [N] (long-running; run it on its own)"
