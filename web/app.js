// The explorer page: talks to the JSON API of `sprague serve` (docs/explorer.md); no page reloads.
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data;
  try {
    data = await res.json();
  } catch {
    data = { error: `HTTP ${res.status}` };
  }
  return { ok: res.ok, status: res.status, data };
}

/** A one-line message next to an input; `kind` is 'error', 'ok' or ''. */
function say(id, text, kind = '') {
  const el = $(id);
  el.textContent = text;
  el.className = `msg ${kind}`;
}

/** Puts an API error next to the field it is about. */
function showError(data, fallback) {
  const field = data.field;
  const target = field === 'spec' ? 'spec-msg' : field === 'position' ? 'position-msg' : fallback;
  say(target, data.error, 'error');
  for (const f of ['spec', 'position', 'overlay', 'max', 'slice']) $(f).classList.toggle('invalid', f === field);
}

function clearFieldErrors() {
  for (const f of ['spec', 'position', 'overlay', 'max', 'slice']) $(f).classList.remove('invalid');
}

// ---- spec check as one types ------------------------------------------------------------------
let checkTimer;
let checkSeq = 0;
async function checkSpec() {
  const seq = ++checkSeq;
  const spec = $('spec').value.trim();
  if (!spec) return say('spec-msg', '');
  const { ok, data } = await api('POST', '/api/check', { spec });
  if (seq !== checkSeq) return;
  if (!ok) return showError(data, 'spec-msg');
  $('spec').classList.remove('invalid');
  const heaps = data.domain === 'heaps' ? (data.heaps ? `${data.heaps} heaps` : 'any number of heaps') : `played on ${data.domain}s`;
  say('spec-msg', `${data.name}: ${heaps}, ${data.convention} play; default picture: ${data.defaultKind}`, 'ok');
  document.body.dataset.defaultKind = data.defaultKind;
}
$('spec').addEventListener('input', () => {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkSpec, 250);
});
$('examples').addEventListener('change', () => {
  const v = $('examples').value;
  if (!v) return;
  $('spec').value = v;
  $('examples').value = '';
  if (v.startsWith('rewrite:')) {
    $('position').value = 'a3ba2';
    $('max').value = 14;
  } else if (v.startsWith('octal:') || v.startsWith('subtraction:')) {
    $('position').value = '20';
    $('max').value = 300;
  } else if (v === 'zeruclid') {
    $('position').value = '1,5,8';
    $('max').value = 60;
    $('slice').value = 1;
    $('kind').value = 'values';
  } else {
    $('position').value = '3,5';
    $('max').value = 40;
  }
  if (v !== 'zeruclid') $('slice').value = '';
  checkSpec();
});

// ---- Grundy value of a position -----------------------------------------------------------------
async function grundyValue() {
  clearFieldErrors();
  say('position-msg', 'computing…');
  const { ok, data } = await api('POST', '/api/grundy', { spec: $('spec').value.trim(), position: $('position').value });
  if (!ok) {
    say('position-msg', '');
    return showError(data, 'position-msg');
  }
  const g = data.grundy === null ? 'misère: outcome only' : `G = ${data.grundy}`;
  say('position-msg', `${data.position}: ${g}, a ${data.outcome}-position`, 'ok');
  $('position-msg').dataset.grundy = String(data.grundy);
}
$('grundy-btn').addEventListener('click', grundyValue);
$('position').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') grundyValue();
});

// ---- pictures: jobs with progress and cancel --------------------------------------------------
let current = null;

function plotRequest() {
  const body = { spec: $('spec').value.trim(), max: $('max').value };
  if ($('kind').value) body.kind = $('kind').value;
  if ($('overlay').value.trim()) body.overlay = $('overlay').value.trim();
  if ($('slice').value !== '') body.slice = $('slice').value;
  body.phiLines = $('phi').checked;
  return body;
}

function busy(on) {
  $('run').disabled = on;
  $('cancel').hidden = !on;
  $('progress').hidden = !on;
  if (!on) $('progress-label').textContent = '';
}

async function draw() {
  clearFieldErrors();
  say('plot-msg', '');
  const body = plotRequest();
  const { ok, data } = await api('POST', '/api/jobs', body);
  if (!ok) return showError(data, 'plot-msg');
  current = data.id;
  busy(true);
  $('progress').removeAttribute('value');
  $('progress-label').textContent = 'starting…';
  while (current === data.id) {
    const r = await api('GET', `/api/jobs/${data.id}`);
    if (!r.ok) {
      say('plot-msg', r.data.error, 'error');
      break;
    }
    const job = r.data;
    if (job.state === 'running') {
      if (job.progress && job.progress.total > 0) {
        $('progress').max = job.progress.total;
        $('progress').value = job.progress.done;
        const pct = Math.floor((100 * job.progress.done) / job.progress.total);
        $('progress-label').textContent = `${pct}% ${job.progress.label} · ${job.elapsed.toFixed(1)} s`;
      }
      await new Promise((res) => setTimeout(res, 200));
      continue;
    }
    finish(job);
    break;
  }
  if (current === data.id) current = null;
  busy(false);
}

function finish(job) {
  if (job.state === 'done') {
    show(job.result);
    say('plot-msg', `done in ${job.elapsed.toFixed(1)} s`, 'ok');
  } else if (job.state === 'cancelled') {
    if (job.partial) show(job.partial);
    say('plot-msg', job.partial ? 'cancelled: the picture shows the work finished before the cancel' : 'cancelled', 'error');
  } else {
    showError(job, 'plot-msg');
  }
  document.body.dataset.lastJob = job.state;
}

async function cancel() {
  if (!current) return;
  const id = current;
  $('progress-label').textContent = 'cancelling…';
  const r = await api('DELETE', `/api/jobs/${id}`);
  current = null;
  busy(false);
  if (r.ok) finish(r.data);
}
$('run').addEventListener('click', draw);
$('cancel').addEventListener('click', cancel);

// ---- the picture, zoomable --------------------------------------------------------------------
let view = null;

function show(result) {
  const box = $('plot');
  box.innerHTML = result.svg;
  const svg = box.querySelector('svg');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  const vb = svg.viewBox.baseVal;
  view = { svg, x: vb.x, y: vb.y, w: vb.width, h: vb.height, home: [vb.x, vb.y, vb.width, vb.height] };
  $('plot-title').textContent = result.title;
  const link = $('download');
  link.href = URL.createObjectURL(new Blob([result.svg], { type: 'image/svg+xml' }));
  link.hidden = false;
  const csv = $('download-csv');
  csv.href = URL.createObjectURL(new Blob([toCsv(result.table)], { type: 'text/csv' }));
  csv.download = `${result.kind}.csv`;
  link.download = `${result.kind}.svg`;
  csv.hidden = false;
  const s = { ...result.summary };
  delete s.dot;
  $('summary').textContent = JSON.stringify(s);
  renderTable(result.table);
  box.dataset.kind = result.kind;
  lookup = readout(result);
  $('cursor').textContent = '';
}

// ---- what is under the pointer ---------------------------------------------------------------
let lookup = null;

/** A function (x, y) -> text for the picture's kind, from the table behind it. */
function readout(result) {
  const rows = result.table.rows;
  if (result.kind === 'ppositions') {
    const twoColumns = result.table.header.length === 2;
    const games = new Map();
    for (const r of rows) {
      const [game, x, y] = twoColumns ? ['P', r[0], r[1]] : r;
      if (!games.has(game)) games.set(game, new Set());
      games.get(game).add(`${x},${y}`);
    }
    return (x, y) => {
      const inP = [...games].filter(([, set]) => set.has(`${x},${y}`)).map(([g]) => g);
      return `(${x}, ${y})${inP.length ? ` P in ${inP.join(', ')}` : ''}`;
    };
  }
  if (result.kind === 'values') {
    const byRow = new Map(rows.map((r) => [r[0], String(r[1]).split(' ')]));
    const slice = result.summary.slice;
    return (x, y) => {
      const v = byRow.get(y)?.[x];
      return v === undefined ? '' : `G(${slice === undefined ? '' : `${slice}, `}${x}, ${y}) = ${v}`;
    };
  }
  if (result.kind === 'sequence') return (n) => (rows[n] ? `G(${n}) = ${rows[n][1]}` : '');
  if (result.kind === 'lengths' || result.kind === 'counts') {
    return (n) => (rows[n] ? `length ${n}: max ${rows[n][2]}, running max ${rows[n][3]}, counts ${rows[n][4]}` : '');
  }
  return null;
}

/** Data coordinates of a pointer event, from the plot area the chart declares (rounded). */
function dataPoint(e) {
  const axes = view?.svg.querySelector('g.axes');
  if (!axes) return null;
  const d = (k) => Number(axes.dataset[k]);
  const pt = view.svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const p = pt.matrixTransform(view.svg.getScreenCTM().inverse());
  if (p.x < d('left') || p.x > d('right') || p.y < d('top') || p.y > d('bottom')) return null;
  const x = d('x0') + ((p.x - d('left')) / (d('right') - d('left'))) * (d('x1') - d('x0'));
  const y = d('y0') + ((d('bottom') - p.y) / (d('bottom') - d('top'))) * (d('y1') - d('y0'));
  return [Math.round(x), Math.round(y)];
}

function renderTable(t) {
  const head = `<tr>${t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`;
  const rows = t.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`).join('');
  const more = t.omitted ? `<p>${t.omitted} more rows not shown</p>` : '';
  $('table').innerHTML = `<table><thead>${head}</thead><tbody>${rows}</tbody></table>${more}`;
  $('table-box').querySelector('summary').textContent = `Table (${t.rows.length + t.omitted} rows)`;
}

/** The table as CSV (RFC 4180 quoting), the rows the server sent. */
function toCsv(t) {
  const cell = (c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c));
  return [t.header, ...t.rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

function applyView() {
  view.svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
}

/** Zooms by `f` (< 1 zooms in) keeping the point (px, py) of the box (fractions 0..1) in place. */
function zoom(f, px = 0.5, py = 0.5) {
  if (!view) return;
  const cx = view.x + px * view.w;
  const cy = view.y + py * view.h;
  view.w = Math.min(view.home[2] * 4, Math.max(view.home[2] / 64, view.w * f));
  view.h = Math.min(view.home[3] * 4, Math.max(view.home[3] / 64, view.h * f));
  view.x = cx - px * view.w;
  view.y = cy - py * view.h;
  applyView();
}

$('plot').addEventListener(
  'wheel',
  (e) => {
    if (!view) return;
    e.preventDefault();
    const r = $('plot').getBoundingClientRect();
    zoom(e.deltaY < 0 ? 0.85 : 1 / 0.85, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  },
  { passive: false },
);
let drag = null;
$('plot').addEventListener('pointerdown', (e) => {
  if (!view) return;
  drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
  $('plot').classList.add('dragging');
  $('plot').setPointerCapture(e.pointerId);
});
$('plot').addEventListener('pointermove', (e) => {
  if (!drag) {
    const at = lookup && dataPoint(e);
    $('cursor').textContent = at ? lookup(at[0], at[1]) : '';
    return;
  }
  const r = $('plot').getBoundingClientRect();
  const k = Math.max(view.w / r.width, view.h / r.height);
  view.x = drag.vx - (e.clientX - drag.x) * k;
  view.y = drag.vy - (e.clientY - drag.y) * k;
  applyView();
});
$('plot').addEventListener('pointerup', () => {
  drag = null;
  $('plot').classList.remove('dragging');
});
$('zoom-in').addEventListener('click', () => zoom(0.7));
$('zoom-out').addEventListener('click', () => zoom(1 / 0.7));
$('zoom-reset').addEventListener('click', () => {
  if (!view) return;
  [view.x, view.y, view.w, view.h] = view.home;
  applyView();
});

checkSpec();
document.body.dataset.ready = 'true';
