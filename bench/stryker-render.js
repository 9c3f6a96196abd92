// Injected into a copy of the Stryker page (index.html) by bench/stryker-render.sh, after the page's own scripts.
// It drives the bundled viewer the way a reader does: opens every file of the report (its #mutant/... address), ticks
// every status filter so every mutant has its dot, clicks each mutant's dot (the viewer's own click handler selects it
// and draws its diff), and counts a mutant as rendered when its diff rows (tr.diff-new) are there afterwards.
// Script errors (window 'error', unhandled rejections, console.error) are charged to the mutant being clicked.
// The outcome is written as lines (STRYKER-RENDER ...) into <pre id="stryker-render-result"> in the light DOM, which
// --dump-dom prints.
// With ?shot=ID in the address it only opens that mutant's file and selects it, scrolls its diff into sight and sets
// the title to "SHOT ID", for bench/cdp-shot.py to take a screenshot.
(() => {
  const app = document.querySelector('mutation-test-report-app');
  const out = { files: 0, mutants: 0, rendered: 0, errors: [], notRendered: [], done: false };
  let current = '(loading)';
  const charge = (message) => out.errors.push({ mutant: current, message: String(message) });
  window.addEventListener('error', (e) => charge(e.message || e.error));
  window.addEventListener('unhandledrejection', (e) => charge('unhandled rejection: ' + (e.reason && e.reason.message || e.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { charge('console.error: ' + args.join(' ')); consoleError(...args); };

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function until(what, f, ms = 10000) {
    for (let waited = 0; waited < ms; waited += 25) {
      const v = f();
      if (v) return v;
      await sleep(25);
    }
    throw new Error('timed out waiting for ' + what);
  }
  function write() {
    const lines = [`STRYKER-RENDER files=${out.files} mutants=${out.mutants} rendered=${out.rendered} `
      + `errors=${out.errors.length} done=${out.done ? 1 : 0}`];
    out.notRendered.forEach((p) => lines.push(`STRYKER-RENDER-NOT-RENDERED ${p.mutant} (${p.file}): ${p.problem}`));
    out.errors.forEach((e) => lines.push(`STRYKER-RENDER-ERROR ${e.mutant}: ${e.message.replace(/\s+/g, ' ')}`));
    let pre = document.getElementById('stryker-render-result');
    if (!pre) {
      pre = document.createElement('pre');
      pre.id = 'stryker-render-result';
      pre.style.display = 'none';
      document.body.appendChild(pre);
    }
    pre.textContent = '\n' + lines.join('\n') + '\n';
  }

  // The viewer's file tree: every file with the names that lead to it (its address is #mutant/name/name/...).
  function filesOf(node, path, acc) {
    if (node.file) acc.push({ path, file: node.file });
    (node.childResults || []).forEach((c) => filesOf(c, path.concat([c.name]), acc));
    return acc;
  }

  async function openFile(f) {
    location.hash = '#mutant/' + f.path.map(encodeURIComponent).join('/');
    return until('file ' + f.path.join('/'), () => {
      const view = app.shadowRoot && app.shadowRoot.querySelector('mte-mutant-view');
      const el = view && view.shadowRoot && view.shadowRoot.querySelector('mte-file');
      return el && el.model === f.file && el.shadowRoot && el.shadowRoot.querySelector('tr.line') ? el : null;
    });
  }

  // Every status filter ticked, by clicking its checkbox: only mutants of a ticked status get a dot to click.
  async function showEveryStatus(el) {
    const filter = await until('the state filter', () => el.shadowRoot.querySelector('mte-state-filter'));
    await until('its checkboxes', () => filter.shadowRoot && filter.shadowRoot.querySelector('input[type=checkbox]'));
    filter.shadowRoot.querySelectorAll('input[type=checkbox]').forEach((box) => { if (!box.checked) box.click(); });
    const all = el.model.mutants.length;
    await until('every mutant in the view', () => el.mutants.length === all);
    await el.updateComplete;
  }

  async function select(el, id) {
    const dot = await until('the dot of ' + id, () => el.shadowRoot.querySelector(`svg.mutant-dot[mutant-id="${CSS.escape(id)}"]`), 3000)
      .catch(() => null);
    if (!dot) return 'no dot to click';
    current = id;
    const before = out.errors.length;
    dot.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await el.updateComplete;
    await sleep(30); // the drawer (the mutant's details) renders after the click too
    const diff = el.shadowRoot.querySelectorAll('tr.diff-new').length;
    const old = el.shadowRoot.querySelectorAll('tr.diff-old').length;
    const selected = el.selectedMutant && String(el.selectedMutant.id) === id;
    if (!selected) return 'not selected';
    if (diff === 0 || old === 0) return `no diff drawn (${old} old, ${diff} new rows)`;
    return out.errors.length > before ? 'script error' : null;
  }

  async function run() {
    await until('the report', () => app.rootModel && app.shadowRoot && app.shadowRoot.querySelector('mte-mutant-view'));
    const files = filesOf(app.rootModel.systemUnderTestMetrics, [], []);
    const shot = new URLSearchParams(location.search).get('shot');
    for (const f of files) {
      const ids = f.file.mutants.map((m) => String(m.id));
      if (shot && !ids.includes(shot)) continue;
      current = '(opening ' + f.path.join('/') + ')';
      const el = await openFile(f);
      out.files++;
      await showEveryStatus(el);
      for (const id of shot ? [shot] : ids) {
        out.mutants++;
        const problem = await select(el, id);
        if (problem) out.notRendered.push({ mutant: id, file: f.path.join('/'), problem });
        else out.rendered++;
        current = '(between mutants)';
      }
      if (shot) {
        // let the viewer's own smooth scroll end, then put the diff in the upper part of the window (the mutant's
        // drawer covers the lower half)
        await sleep(1500);
        document.body.style.paddingBottom = '900px'; // room to scroll a diff at the end of a file above the drawer
        const row = el.shadowRoot.querySelector('tr.diff-old');
        if (row) row.scrollIntoView({ block: 'start', behavior: 'instant' });
        window.scrollBy({ top: -200, behavior: 'instant' });
        await sleep(200);
      }
    }
  }

  run().catch((e) => charge('driver: ' + (e && e.message || e))).finally(() => {
    out.done = true;
    write();
    const shot = new URLSearchParams(location.search).get('shot');
    if (shot) document.title = 'SHOT ' + shot; // bench/cdp-shot.py takes the screenshot now
  });
})();
