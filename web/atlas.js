// The atlas's index (sprague census site, docs/atlas.md): sorts the table by a header click and filters its
// rows by the form above it. A classic script, no module and no fetch, so that it runs from file:// too.
// The filters live in the address's #fragment (#status=open&period=>100, #class-of=octal:0.07), so a
// filtered table can be linked to. Game pages load it as well and find nothing to do.
(function () {
  'use strict';
  const table = document.getElementById('atlas');
  if (!table) {
    document.body.dataset.ready = 'true';
    return;
  }
  const tbody = table.tBodies[0];
  const rows = Array.from(tbody.rows);
  const $ = (id) => document.getElementById(id);
  const FILTERS = { game: 'f-game', status: 'f-status', period: 'f-period', preperiod: 'f-preperiod', class: 'f-class', 'class-of': 'f-class-of', published: 'f-published' };

  // "4", ">100", ">= 3", "<=50", "10-20" or "" (anything); null when it is none of them.
  function numberTest(text) {
    const t = text.replace(/\s+/g, '');
    if (t === '') return () => true;
    let m = /^(<=|>=|<|>|=)?(\d+)$/.exec(t);
    if (m) {
      const v = Number(m[2]);
      const op = m[1] || '=';
      return (x) => x !== null && (op === '=' ? x === v : op === '<' ? x < v : op === '<=' ? x <= v : op === '>' ? x > v : x >= v);
    }
    m = /^(\d+)-(\d+)$/.exec(t);
    if (m) return (x) => x !== null && x >= Number(m[1]) && x <= Number(m[2]);
    return null;
  }

  const num = (s) => (s === '' || s === undefined ? null : Number(s));

  function apply() {
    const game = $('f-game').value.trim().toLowerCase();
    const status = $('f-status').value;
    const period = numberTest($('f-period').value);
    const preperiod = numberTest($('f-preperiod').value);
    $('f-period').classList.toggle('invalid', period === null);
    $('f-preperiod').classList.toggle('invalid', preperiod === null);
    const cls = $('f-class').value;
    const of = $('f-class-of').value.trim();
    const ofRow = of ? rows.find((r) => r.dataset.spec === of) : undefined;
    $('f-class-of').classList.toggle('invalid', of !== '' && !ofRow);
    const published = $('f-published') ? $('f-published').value : '';
    let shown = 0;
    for (const r of rows) {
      const d = r.dataset;
      const ok =
        (!game || d.spec.toLowerCase().includes(game)) &&
        (!status || (status === 'solved' ? d.status === 'done' : d.status === status)) &&
        (period === null || period(num(d.period))) &&
        (preperiod === null || preperiod(num(d.preperiod))) &&
        (!cls || (cls === 'first' ? d.first === '1' : cls === 'shared' ? d.size !== '1' : d.size === '1')) &&
        (!of || (ofRow !== undefined && d.class === ofRow.dataset.class)) &&
        (!published || (published === 'none' ? d.published === '' : d.published === published));
      r.hidden = !ok;
      if (ok) shown++;
    }
    $('shown').textContent = `${shown} of ${rows.length} games`;
    document.body.dataset.shown = String(shown);
    saveHash();
  }

  function saveHash() {
    const p = new URLSearchParams();
    for (const [key, id] of Object.entries(FILTERS)) if ($(id) && $(id).value) p.set(key, $(id).value);
    const sorted = table.querySelector('th[aria-sort="ascending"], th[aria-sort="descending"]');
    if (sorted) p.set('sort', `${sorted.getAttribute('aria-sort') === 'descending' ? '-' : ''}${sorted.dataset.key}`);
    const hash = p.toString();
    // replaceState: filtering should not fill the history; it throws on some file:// setups, which only loses the link.
    try {
      history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
    } catch {
      /* the fragment is a convenience */
    }
  }

  function loadHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    for (const [key, id] of Object.entries(FILTERS)) if ($(id)) $(id).value = p.get(key) || '';
    const s = p.get('sort');
    if (s) {
      const th = table.querySelector(`th[data-key="${CSS.escape(s.replace(/^-/, ''))}"]`);
      if (th) sortBy(th, s.startsWith('-') ? -1 : 1);
    }
  }

  // Numbers compare as numbers (empty cells last either way), text as text; ties keep the family's order.
  function sortBy(th, dir) {
    const col = th.cellIndex;
    const numeric = th.dataset.type === 'num';
    const key = (r) => {
      const c = r.cells[col];
      return c.dataset.v !== undefined ? c.dataset.v : c.textContent;
    };
    const order = rows.map((r, i) => ({ r, i, k: key(r) }));
    order.sort((a, b) => {
      const ea = a.k === '';
      const eb = b.k === '';
      if (ea || eb) return ea && eb ? a.i - b.i : ea ? 1 : -1;
      const c = numeric ? Number(a.k) - Number(b.k) : a.k.localeCompare(b.k, 'en', { numeric: true });
      return c !== 0 ? dir * c : a.i - b.i;
    });
    for (const h of table.tHead.rows[0].cells) h.setAttribute('aria-sort', 'none');
    th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
    tbody.append(...order.map((o) => o.r));
  }

  for (const th of table.tHead.rows[0].cells) {
    th.addEventListener('click', () => {
      sortBy(th, th.getAttribute('aria-sort') === 'ascending' ? -1 : 1);
      saveHash();
    });
  }
  const form = $('filters');
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply();
  });
  // A reset clears the controls after its event: filter then.
  form.addEventListener('reset', () => setTimeout(apply));
  window.addEventListener('hashchange', () => {
    loadHash();
    apply();
  });
  loadHash();
  apply();
  document.body.dataset.ready = 'true';
})();
