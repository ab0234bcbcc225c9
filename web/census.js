// The census page: the stored censuses (GET /api/census), the rows of one filtered by a where expression
// (GET /api/census/rows, the grammar of `sprague census show --where`), sortable by any column; a row
// draws its game with the explorer's plot job (POST /api/jobs).
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const res = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  let data;
  try {
    data = await res.json();
  } catch {
    data = { error: `HTTP ${res.status}` };
  }
  return { ok: res.ok, status: res.status, data };
}

function say(id, text, kind) {
  $(id).textContent = text;
  $(id).className = `msg ${kind ?? ''}`;
}

// Columns by computation: the fields a reader looks at first (as `census show` prints them).
const COLUMNS = {
  sequence: ['spec', 'status', 'period', 'preperiod', 'apparentPeriod', 'maxValue', 'sameAs', 'reason'],
  wythoff: ['spec', 'status', 'pCount', 'devMin', 'devMax', 'sameAs'],
  ppositions: ['spec', 'status', 'pCount', 'sameAs'],
  rewrite: ['spec', 'verdict', 'states', 'lowerBound', 'maxValue', 'maxGrowing', 'sameAs', 'theorem'],
};
const NOTE = new Set(['reason', 'theorem', 'error']);

let censuses = [];
let rows = [];
let sort = { key: 'idx', dir: 1 };

function current() {
  return censuses[Number($('census-list').value)];
}

async function loadCensuses() {
  const r = await api('GET', '/api/census');
  if (!r.ok) return say('where-msg', r.data.error, 'error');
  censuses = r.data.censuses;
  $('census-list').replaceChildren(
    ...censuses.map((c, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${c.family} to ${c.bound} (${c.members} games)`;
      return o;
    }),
  );
  if (censuses.length === 0) {
    $('rows-msg').textContent = `no census in ${r.data.db}: run one with sprague census run FAMILY`;
    return;
  }
  const wanted = new URLSearchParams(location.search).get('family');
  const i = censuses.findIndex((c) => c.family === wanted);
  if (i >= 0) $('census-list').value = String(i);
  await loadRows();
}

async function loadRows() {
  const c = current();
  if (!c) return;
  const q = new URLSearchParams({ family: c.family, bound: String(c.bound), where: $('where').value });
  const r = await api('GET', `/api/census/rows?${q}`);
  $('where').classList.toggle('invalid', !r.ok && r.data.field === 'where');
  if (!r.ok) return say('where-msg', r.data.error, 'error');
  say('where-msg', '');
  rows = r.data.rows;
  const s = r.data.summary;
  $('census-summary').textContent = `${s.games} games: ${s.done} done, ${s.open} open, ${s.failed} failed`;
  $('rows-msg').textContent = `${r.data.total} rows${r.data.total > rows.length ? `, the first ${rows.length} shown` : ''}`;
  draw();
  document.body.dataset.rows = String(rows.length);
}

function columns() {
  const kinds = [...new Set(rows.map((r) => r.computation))];
  const cols = [...new Set(kinds.flatMap((k) => COLUMNS[k] ?? ['spec', 'status']))];
  if (rows.some((r) => r.error)) cols.push('error');
  return cols;
}

function compare(a, b) {
  const x = a[sort.key];
  const y = b[sort.key];
  if (x === y) return a.idx - b.idx;
  if (x === undefined || x === null) return 1;
  if (y === undefined || y === null) return -1;
  return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sort.dir;
}

function draw() {
  const cols = columns();
  const head = document.createElement('tr');
  for (const c of cols) {
    const th = document.createElement('th');
    th.textContent = c;
    th.dataset.key = c;
    if (sort.key === c) th.setAttribute('aria-sort', sort.dir > 0 ? 'ascending' : 'descending');
    th.addEventListener('click', () => {
      sort = { key: c, dir: sort.key === c ? -sort.dir : 1 };
      draw();
    });
    head.append(th);
  }
  $('rows').querySelector('thead').replaceChildren(head);
  const body = [...rows].sort(compare).map((r) => {
    const tr = document.createElement('tr');
    tr.dataset.spec = r.spec;
    for (const c of cols) {
      const td = document.createElement('td');
      const v = r[c];
      td.textContent = v === undefined || v === null ? '' : typeof v === 'boolean' ? (v ? 'yes' : '') : String(v);
      if (NOTE.has(c)) td.className = 'note';
      tr.append(td);
    }
    tr.addEventListener('click', () => openGame(r, tr));
    return tr;
  });
  $('rows').querySelector('tbody').replaceChildren(...body);
}

// The picture of a game: its values for a sequence, its P-positions, its by-length chart for a rewrite game.
const PICTURE_MAX = { sequence: 1000, wythoff: 300, ppositions: 300, rewrite: 12 };
let drawing = 0;

async function openGame(row, tr) {
  for (const s of $('rows').querySelectorAll('tr.selected')) s.classList.remove('selected');
  tr.classList.add('selected');
  const mine = ++drawing;
  $('game-title').textContent = row.spec;
  $('game-row').textContent = Object.entries(row)
    .filter(([k]) => !['family', 'idx', 'spec'].includes(k))
    .map(([k, v]) => `${k}: ${v}`)
    .join('   ');
  const max = Math.min(row.bound, PICTURE_MAX[row.computation] ?? 300);
  $('game-msg').textContent = 'drawing…';
  const started = await api('POST', '/api/jobs', { spec: row.spec, max });
  if (!started.ok) return ($('game-msg').textContent = started.data.error);
  for (;;) {
    if (mine !== drawing) return;
    const r = await api('GET', `/api/jobs/${started.data.id}`);
    if (!r.ok) return ($('game-msg').textContent = r.data.error);
    if (r.data.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    if (r.data.state !== 'done') return ($('game-msg').textContent = r.data.error ?? r.data.state);
    $('game-plot').innerHTML = r.data.result.svg;
    $('game-msg').textContent = `${r.data.result.title} (to ${max})`;
    document.body.dataset.drawn = row.spec;
    return;
  }
}

$('census-list').addEventListener('change', () => {
  sort = { key: 'idx', dir: 1 };
  void loadRows();
});
$('apply').addEventListener('click', () => void loadRows());
$('where').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') void loadRows();
});
await loadCensuses();
document.body.dataset.ready = 'true';
