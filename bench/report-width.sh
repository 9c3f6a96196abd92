#!/usr/bin/env bash
# report.html in a real browser, as a phone (390 px) and a laptop (1280 px) show it: prints how wide the page is laid
# out (wider than the screen = the page scrolls sideways) and keeps a screenshot of each.
#   bench/report-width.sh REPORT.html [OUTDIR]
# Needs Chromium (apt-get install chromium). Headless Chromium's window is at least 500 px, so the page is laid out
# in an iframe of the width asked for. ReportWidthIT checks the same on a made-up class.
set -u
report="${1:?usage: bench/report-width.sh REPORT.html [OUTDIR]}"
out="${2:-target/report-width}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  echo "n/a: no Chromium here (apt-get install chromium)"
  exit 0
fi
mkdir -p "$out"
report="$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
sed 's#</body>#<script>document.title="W="+document.documentElement.scrollWidth+" of "+innerWidth</script></body>#' \
  "$report" > "$out/probe.html"
for w in 390 1280; do
  cat > "$out/outer-$w.html" <<HTML
<html><body style="margin:0"><iframe id="f" src="probe.html" style="width:${w}px;height:1600px;border:0"></iframe>
<script>document.getElementById('f').onload=function(){document.title='OUT '+frames[0].document.title}</script></body></html>
HTML
  win=$(( w + 40 > 800 ? w + 40 : 800 ))
  laid=$("$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
    --window-size=$win,1000 --virtual-time-budget=3000 --dump-dom "file://$out/outer-$w.html" 2>/dev/null \
    | grep -o 'OUT W=[0-9]* of [0-9]*' | sed 's/OUT //')
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
    --window-size=$(( w + 20 )),1600 --screenshot="$out/report-$w.png" "file://$out/outer-$w.html" >/dev/null 2>&1
  echo "$w px: page ${laid:-n/a (not laid out)} px; screenshot $out/report-$w.png"
done
