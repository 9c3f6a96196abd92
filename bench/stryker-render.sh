#!/usr/bin/env bash
# Every mutant of every lab in the Stryker page the workbook writes, rendered by the bundled viewer itself in headless
# Chromium: for each lab, `./workbook audit --lab LAB --report DIR` writes index.html; a copy of it gets
# bench/stryker-render.js, which opens each file in the viewer, ticks every status filter and clicks every mutant's
# dot (the viewer selects it and draws its diff), and counts script errors (window 'error', unhandled rejections,
# console.error) against the mutant being clicked. Prints per lab the mutants rendered and every error with its mutant.
#   bench/stryker-render.sh [--reuse] [--shot ID]... [LAB...]     (default: every lab under lessons/)
# --reuse   keep a report already in OUT/LAB instead of running the audit again (an audit: 10 s to 2 min a lab on 2 cores)
# --shot ID also save a screenshot of mutant ID selected, its diff drawn: $SHOTS/ID.png (default target/stryker-shots),
#           taken over the DevTools protocol by bench/cdp-shot.py (needs python3)
# OUT defaults to target/stryker-render. Exit 1 when any mutant raises a script error or is not drawn, or a lab's page
# could not be written or driven; 0 with "n/a" when no Chromium is installed (apt-get install chromium).
set -u
cd "$(dirname "$0")/.."
out="${OUT:-target/stryker-render}"
shots="${SHOTS:-target/stryker-shots}"
reuse=0
ids=()
labs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --reuse) reuse=1 ;;
    --shot) ids+=("${2:?--shot needs a mutant id}"); shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) labs+=("$1") ;;
  esac
  shift
done
if [ ${#labs[@]} -eq 0 ]; then
  for d in lessons/*/; do labs+=("$(basename "$d")"); done
fi
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  echo "n/a: no Chromium here (apt-get install chromium)"
  exit 0
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
driver="bench/stryker-render.js"
if grep -qi '</script' "$driver"; then
  echo "$driver must not contain </script (it is inlined in a script element)" >&2
  exit 2
fi
chrome() {
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
    --window-size=1280,1000 --virtual-time-budget=600000 "$@" 2>/dev/null
}

failed=0
total=0
for lab in "${labs[@]}"; do
  dir="$out/$lab"
  if [ "$reuse" = 0 ] || [ ! -f "$dir/index.html" ]; then
    rm -rf "$dir"
    ./workbook audit --lab "$lab" --report "$dir" --no-pager >"$out/$lab.audit.log" 2>&1
    rc=$?
    if [ ! -f "$dir/index.html" ]; then
      echo "$lab: no page written (audit exit $rc; see $out/$lab.audit.log)"
      failed=1
      continue
    fi
    [ "$rc" = 0 ] || echo "$lab: the audit itself exited $rc (see $out/$lab.audit.log); its page is checked all the same"
  fi
  # The page with the driver inlined just before </body>, after the page's own scripts.
  page="$dir/index.html"
  at=$(grep -n '^</body>' "$page" | tail -1 | cut -d: -f1)
  if [ -z "$at" ]; then
    echo "$lab: $page has no </body> line"
    failed=1
    continue
  fi
  probe="$dir/render-probe.html"
  { head -n $((at - 1)) "$page"; echo '<script>'; cat "$driver"; echo '</script>'; tail -n +"$at" "$page"; } >"$probe"
  result=$(chrome --dump-dom "file://$probe" | grep '^STRYKER-RENDER' \
    | sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g')
  summary=$(printf '%s\n' "$result" | grep '^STRYKER-RENDER ' | head -1)
  if [ -z "$summary" ]; then
    echo "$lab: the page did not report back (driver never finished)"
    failed=1
    continue
  fi
  n() { printf '%s\n' "$summary" | grep -o "$1=[0-9]*" | cut -d= -f2; }
  mutants=$(n mutants); rendered=$(n rendered); errors=$(n errors); done_=$(n done); files=$(n files)
  inreport=$(grep -o '"mutatorName":' "$dir/mutation-report.json" | wc -l)
  echo "$lab: $rendered of $inreport mutants rendered with their diff (files: $files), $errors script errors"
  printf '%s\n' "$result" | grep -v '^STRYKER-RENDER ' | sed -e 's/^STRYKER-RENDER-ERROR /  error: /' \
    -e 's/^STRYKER-RENDER-NOT-RENDERED /  not rendered: /'
  total=$((total + mutants))
  if [ "$done_" != 1 ] || [ "$errors" != 0 ] || [ "$rendered" != "$mutants" ] || [ "$mutants" != "$inreport" ]; then
    failed=1
  fi
  for id in "${ids[@]}"; do
    if grep -q "\"id\":\"$id\"" "$page"; then
      mkdir -p "$shots"
      shot=$(python3 bench/cdp-shot.py "$browser" "file://$probe?shot=$id" "$shots/$id.png" 1280 1400 2>&1 \
        | grep -v '^STRYKER-RENDER-' | head -1)
      echo "  screenshot $shots/$id.png (${shot#STRYKER-RENDER })"
    fi
  done
done
if [ "$failed" = 0 ]; then
  echo "OK: every mutant drawn with no script error ($total in ${#labs[@]} labs)"
else
  echo "FAILED: a mutant raised a script error or was not drawn (see above)"
fi
exit "$failed"
