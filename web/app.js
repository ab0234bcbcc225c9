// The explorer page: talks to the JSON API of `sprague serve` (docs/explorer.md); no page reloads.
// The address bar holds the game, the picture and its parameters (bookmark it, share it, go back and
// forward); the ids of running jobs live in the URL and sessionStorage, so a reload reattaches to them.
import { csvLine } from '/csv.js';

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

const FIELDS = ['spec', 'position', 'overlay', 'max', 'slice'];

/** The input of the page a job's argument comes from (the Grundy job takes a list of positions). */
const INPUT_OF = { positions: 'position' };

/** Puts an API error next to the field it is about. */
function showError(data, fallback) {
  const field = INPUT_OF[data.field] ?? data.field;
  const target = field === 'spec' ? 'spec-msg' : field === 'position' ? 'position-msg' : fallback;
  say(target, data.error, 'error');
  for (const f of FIELDS) $(f).classList.toggle('invalid', f === field);
}

function clearFieldErrors() {
  for (const f of FIELDS) $(f).classList.remove('invalid');
}

// ---- the game: checked as one types; what it is decides which controls apply ----------------
let game = null; // the last /api/check answer for the spec in the box, or null
let checkTimer;
let checkSeq = 0;

async function checkSpec() {
  const seq = ++checkSeq;
  const spec = $('spec').value.trim();
  if (!spec) {
    game = null;
    applicable();
    return say('spec-msg', '');
  }
  const { ok, data } = await api('POST', '/api/check', { spec });
  if (seq !== checkSeq) return;
  if (!ok) {
    game = null;
    applicable();
    return showError(data, 'spec-msg');
  }
  game = data;
  $('spec').classList.remove('invalid');
  const heaps = data.domain === 'heaps' ? (data.heaps ? `${data.heaps} heaps` : 'any number of heaps') : `played on ${data.domain}s`;
  say('spec-msg', `${data.name}: ${heaps}, ${data.convention} play; default picture: ${data.defaultKind}`, 'ok');
  document.body.dataset.defaultKind = data.defaultKind;
  applicable();
}

/** The picture kinds that make sense for a game (the server still checks). */
function kindsFor(g) {
  if (!g) return null;
  if (g.domain === 'word') return ['lengths', 'counts', 'automaton'];
  if (g.domain !== 'heaps') return null;
  if (g.heaps === 1) return ['sequence'];
  if (g.heaps === 2) return ['ppositions', 'deviation', 'values'];
  if (g.heaps === 3) return ['ppositions', 'values'];
  return ['sequence', 'ppositions', 'values'];
}

/** The kind that will be drawn: the one chosen, else the game's own. */
function effectiveKind() {
  return $('kind').value || game?.defaultKind || '';
}

/** Hides the controls that do not apply to this game and picture: kinds, the slice, the overlay, the φ lines. */
function applicable() {
  const kinds = kindsFor(game);
  for (const o of $('kind').options) if (o.value) o.hidden = kinds !== null && !kinds.includes(o.value);
  if ($('kind').selectedOptions[0]?.hidden) $('kind').value = '';
  const kind = effectiveKind();
  const heaps = game?.domain === 'heaps' ? game.heaps : undefined;
  $('slice-box').hidden = !((kind === 'values' || kind === 'ppositions') && (heaps === 3 || heaps === null));
  $('overlay-box').hidden = !(kind === 'ppositions' || kind === 'deviation');
  $('phi-box').hidden = !(kind === 'ppositions' && heaps !== 3);
  markStale();
}

$('spec').addEventListener('input', () => {
  // The Grundy value on screen was of the game before: it goes now, not when the new game is checked.
  forgetGrundy();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkSpec, 250);
  markStale();
});
$('kind').addEventListener('change', applicable);
for (const id of ['max', 'slice', 'overlay', 'phi']) $(id).addEventListener('input', markStale);

$('examples').addEventListener('change', () => {
  const v = $('examples').value;
  if (!v) return;
  $('spec').value = v;
  $('examples').value = '';
  $('kind').value = '';
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
  forgetGrundy();
  checkSpec();
});

// ---- Grundy value of a position -----------------------------------------------------------------
let grundySeq = 0;

/** Clears the Grundy answer (and drops one in flight): it belonged to another game or position. */
function forgetGrundy() {
  grundySeq++;
  say('position-msg', '');
  delete $('position-msg').dataset.grundy;
}

async function grundyValue() {
  const seq = ++grundySeq;
  clearFieldErrors();
  say('position-msg', 'computing…');
  saveState('replace');
  const { ok, data } = await api('POST', '/api/run', { job: 'grundy', args: { spec: $('spec').value.trim(), positions: [$('position').value] } });
  if (seq !== grundySeq) return;
  if (!ok) {
    say('position-msg', '');
    return showError(data, 'position-msg');
  }
  // The grundy job's own result: a line per position asked (GrundyLine in src/jobs/grundy.ts).
  const [line] = data.result;
  const g = line.grundy === null ? 'misère: outcome only' : `G = ${line.grundy}`;
  say('position-msg', `${line.formatted}: ${g}, ${line.outcome === 'N' ? 'an' : 'a'} ${line.outcome}-position`, 'ok');
  $('position-msg').dataset.grundy = String(line.grundy);
}
$('grundy-btn').addEventListener('click', grundyValue);
$('position').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') grundyValue();
});
$('position').addEventListener('input', forgetGrundy);

// ---- state in the URL ------------------------------------------------------------------------------
/** The picture's parameters as the address bar writes them (view = the kind drawn). */
function pictureParams() {
  const p = { spec: $('spec').value.trim(), view: effectiveKind(), max: $('max').value };
  if (!$('slice-box').hidden && $('slice').value !== '') p.slice = $('slice').value;
  if (!$('overlay-box').hidden && $('overlay').value.trim()) p.overlay = $('overlay').value.trim();
  if (!$('phi-box').hidden) p.phi = $('phi').checked ? '1' : '0';
  return p;
}

/** One string per picture, from its parameters (or a job's request): the same picture, the same key. */
function pictureKey(p) {
  return JSON.stringify([p.spec, p.view ?? p.kind ?? '', String(p.max), p.slice === undefined ? '' : String(p.slice), p.overlay ?? '', p.view === 'ppositions' || p.kind === 'ppositions' ? String(p.phi ?? (p.phiLines ? '1' : '0')) : '']);
}

let drawn = null; // the parameters of the picture on screen

/**
 * Writes the page's state to the address bar: the game and position always, the picture's parameters when
 * one is drawn (`push` for a new picture, so Back returns to the one before), the panels' inputs.
 */
function saveState(mode, extra = {}) {
  const q = new URLSearchParams();
  const spec = $('spec').value.trim();
  if (spec) q.set('spec', spec);
  if ($('position').value) q.set('position', $('position').value);
  // The picture's parameters only while it is of the game in the box: the address says what the inputs say.
  if (drawn && drawn.spec === spec) for (const [k, v] of Object.entries(drawn)) if (k !== 'spec') q.set(k, v);
  const job = extra.job ?? (mode === 'push' ? undefined : new URLSearchParams(location.search).get('job'));
  if (job && q.has('view')) q.set('job', job);
  if ($('logic-query').dataset.asked) q.set('query', $('logic-query').dataset.asked);
  if ($('adm-set').dataset.asked) {
    q.set('set', $('adm-set').dataset.asked);
    if ($('adm-method').value) q.set('method', $('adm-method').value);
    if ($('adm-max').value) q.set('box', $('adm-max').value);
  }
  const url = `${location.pathname}?${q}`;
  if (url === location.pathname + location.search) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** Fills the inputs from the address bar; returns the picture's parameters there, if any. */
function loadState() {
  const q = new URLSearchParams(location.search);
  const set = (id, key) => {
    if (q.has(key)) $(id).value = q.get(key);
  };
  set('spec', 'spec');
  set('position', 'position');
  if (q.has('view')) {
    $('kind').value = q.get('view');
    $('max').value = q.get('max') ?? $('max').value;
    $('slice').value = q.get('slice') ?? '';
    $('overlay').value = q.get('overlay') ?? '';
    $('phi').checked = q.get('phi') !== '0';
  }
  if (q.has('query')) $('logic-query').value = q.get('query');
  set('adm-set', 'set');
  set('adm-method', 'method');
  set('adm-max', 'box');
  if (!q.has('view') || !q.get('spec')) return null;
  const p = { spec: q.get('spec'), view: q.get('view'), max: q.get('max') ?? '' };
  for (const k of ['slice', 'overlay', 'phi']) if (q.has(k)) p[k] = q.get(k);
  return { params: p, job: q.get('job') };
}

/** The picture on screen no longer matches the inputs: dim it and say so (the Grundy answer is cleared, not dimmed). */
function markStale() {
  if (!drawn) return;
  const stale = pictureKey(drawn) !== pictureKey(pictureParams());
  $('plot').classList.toggle('stale', stale);
  $('summary').classList.toggle('stale', stale);
  document.body.dataset.stale = String(stale);
  if (stale) say('plot-msg', `the picture is of ${drawn.spec}, ${drawn.view}, max ${drawn.max}: press Draw for the new parameters`);
  else if ($('plot-msg').textContent.startsWith('the picture is of')) say('plot-msg', '');
}

// ---- jobs: started, followed (with progress and an ETA), cancelled, reattached after a reload ----
/** A panel that runs jobs: its buttons and progress, and what it does with the job's end. */
function jobPanel(name, ids) {
  const panel = { name, ids, current: null };
  panel.busy = (on) => {
    $(ids.run).disabled = on;
    $(ids.cancel).hidden = !on;
    $(ids.progress).hidden = !on;
    if (!on) $(ids.label).textContent = '';
  };
  $(ids.cancel).addEventListener('click', () => cancelJob(panel));
  return panel;
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st. */
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "12 s", "3 min 20 s", "1 h 5 min". */
function duration(s) {
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

/** The progress line: share done, what is being done, time so far and, once the rate is known, the time left. */
function progressText(job) {
  const p = job.progress;
  const pct = Math.floor((100 * p.done) / p.total);
  const eta = job.eta === null || job.eta === undefined ? '' : ` · about ${duration(job.eta)} left`;
  return `${pct}% ${p.label} · ${job.elapsed.toFixed(1)} s${eta}`;
}

/** Polls a job until it ends, showing its progress; then hands its end to `finish`. */
async function follow(panel, id, finish) {
  panel.current = id;
  sessionStorage.setItem(`sprague.job.${panel.name}`, id);
  panel.busy(true);
  const { ids } = panel;
  $(ids.progress).removeAttribute('value');
  $(ids.label).textContent = 'starting…';
  while (panel.current === id) {
    const r = await api('GET', `/api/jobs/${id}`);
    if (panel.current !== id) return;
    if (!r.ok) {
      say(ids.msg, r.data.error, 'error');
      break;
    }
    const job = r.data;
    if (job.state === 'running') {
      // Asked to stop (here, or before a reload): the label says so until the job has really ended, not the progress it still reports.
      if (job.stopping || panel.cancelling === id) $(ids.label).textContent = 'cancelling…';
      // Waiting for a worker: its place in the server's line, which Cancel leaves without starting it.
      else if (job.queued !== undefined) $(ids.label).textContent = `waiting, ${ordinal(job.queued)} in line`;
      else if (job.progress && job.progress.total > 0) {
        $(ids.progress).max = job.progress.total;
        $(ids.progress).value = job.progress.done;
        $(ids.label).textContent = progressText(job);
      } else if ($(ids.label).textContent.startsWith('waiting')) $(ids.label).textContent = 'starting…';
      await new Promise((res) => setTimeout(res, 200));
      continue;
    }
    panel.current = null;
    panel.busy(false);
    finish(job);
    document.body.dataset[`${panel.name}Job`] = job.state;
    return;
  }
  panel.current = null;
  panel.busy(false);
}

async function cancelJob(panel) {
  const id = panel.current;
  if (!id) return;
  panel.cancelling = id;
  $(panel.ids.label).textContent = 'cancelling…';
  // follow() sees the end on its next poll and shows it; until then it keeps the label above.
  await api('DELETE', `/api/jobs/${id}`);
}

/** The job a panel ran before a reload, if the server still has it and it was asked `matches`. */
async function reattach(name, id, matches) {
  const candidate = id ?? sessionStorage.getItem(`sprague.job.${name}`);
  if (!candidate) return null;
  const r = await api('GET', `/api/jobs/${candidate}`);
  if (!r.ok || !matches(r.data)) return null;
  return r.data;
}

// ---- pictures ----------------------------------------------------------------------------------
const plotPanel = jobPanel('plot', { run: 'run', cancel: 'cancel', progress: 'progress', label: 'progress-label', msg: 'plot-msg' });
/** Pictures already drawn in this page, by their key: Back and Forward show them without a new job. */
const pictures = new Map();

/** The plot job's arguments (PlotRequest in src/plot/index.ts) from the picture's parameters. */
function plotArgs(p) {
  const args = { spec: p.spec, max: p.max };
  if (p.view) args.kind = p.view;
  if (p.overlay) args.overlay = p.overlay;
  if (p.slice !== undefined && p.slice !== '') args.slice = p.slice;
  args.phiLines = p.phi === '1';
  return args;
}

async function draw() {
  await startPicture(pictureParams(), 'push');
}

/** Draws a picture: from this page's memory, by reattaching to its job, or as a new job. */
async function startPicture(params, mode, jobId) {
  clearFieldErrors();
  say('plot-msg', '');
  const known = pictures.get(pictureKey(params));
  if (known) {
    drawn = params;
    showPicture(known);
    say('plot-msg', 'drawn before: shown from this page\'s memory', 'ok');
    saveState(mode);
    return;
  }
  const old = await reattach('plot', jobId, (job) => job.job === 'plot' && pictureKey({ ...job.args, view: job.args.kind, phi: job.args.phiLines ? '1' : '0' }) === pictureKey(params));
  let id;
  if (old) id = old.id;
  else {
    const { ok, data } = await api('POST', '/api/jobs', { job: 'plot', args: plotArgs(params) });
    if (!ok) return showError(data, 'plot-msg');
    id = data.id;
    // The plot job's check fills in the kind the game draws by default.
    if (!params.view) params = { ...params, view: data.args.kind };
  }
  drawn = params;
  saveState(mode, { job: id });
  await follow(plotPanel, id, (job) => finishPicture(job, params));
}

function finishPicture(job, params) {
  if (job.state === 'done') {
    pictures.set(pictureKey(params), job.result);
    showPicture(job.result);
    say('plot-msg', `done in ${job.elapsed.toFixed(1)} s`, 'ok');
  } else if (job.state === 'cancelled') {
    if (job.partial) showPicture(job.partial);
    say('plot-msg', job.partial ? 'cancelled: the picture shows the work finished before the cancel' : 'cancelled', 'error');
  } else {
    showError(job, 'plot-msg');
  }
  document.body.dataset.lastJob = job.state;
}

function showPicture(result) {
  show(result);
  $('plot').classList.remove('stale');
  $('summary').classList.remove('stale');
  document.body.dataset.stale = 'false';
}

$('run').addEventListener('click', draw);

window.addEventListener('popstate', async () => {
  const state = loadState();
  forgetGrundy();
  await checkSpec();
  if (state) await startPicture(state.params, 'none', state.job);
});

// ---- the logic prover ------------------------------------------------------------------------------
const logicPanel = jobPanel('logic', { run: 'logic-run', cancel: 'logic-cancel', progress: 'logic-progress', label: 'logic-progress-label', msg: 'logic-msg' });

function logicLineText(l) {
  const size = `${l.states} state${l.states === 1 ? '' : 's'}`;
  if (l.result === null) return `${l.verb} ${l.name}: an automaton of ${size} over (${l.variables.join(', ')})`;
  return `${l.verb} ${l.name}: ${l.result ? 'true' : 'false'} (${size})`;
}

function showLogic(result, partial) {
  const list = $('logic-answer');
  list.innerHTML = '';
  for (const l of result.lines) {
    const li = document.createElement('li');
    li.textContent = logicLineText(l);
    li.className = l.result === true ? 'true' : l.result === false ? 'false' : 'formula';
    list.append(li);
  }
  const last = result.lines.at(-1);
  const box = $('logic-picture');
  if (result.svg) box.innerHTML = result.svg;
  else box.textContent = last && !partial ? `the automaton of ${last.name} has ${last.states} states: too many to draw here (at most 60); \`sprague logic --dot FILE\` writes it` : '';
  if (last) $('logic-picture').dataset.states = String(last.states);
}

async function prove() {
  const query = $('logic-query').value.trim();
  say('logic-msg', '');
  $('logic-answer').innerHTML = '';
  $('logic-picture').innerHTML = '';
  $('logic-query').dataset.asked = query;
  saveState('replace');
  const { ok, data } = await api('POST', '/api/jobs', { job: 'logicPanel', args: { text: query } });
  if (!ok) return say('logic-msg', data.error, 'error');
  await follow(logicPanel, data.id, finishLogic);
}

function finishLogic(job) {
  if (job.state === 'done') {
    showLogic(job.result, false);
    say('logic-msg', `done in ${job.elapsed.toFixed(1)} s`, 'ok');
  } else if (job.state === 'cancelled') {
    if (job.partial) showLogic(job.partial, true);
    say('logic-msg', 'cancelled: the commands finished before the cancel are shown', 'error');
  } else say('logic-msg', job.error, 'error');
}
$('logic-run').addEventListener('click', prove);

// ---- admissibility ---------------------------------------------------------------------------------
const admPanel = jobPanel('admissible', { run: 'adm-run', cancel: 'adm-cancel', progress: 'adm-progress', label: 'adm-progress-label', msg: 'adm-msg' });

/** The verdict in words: the answer, then its witness (Lemma 12) or what certifies it. */
function verdictText(set, v) {
  const n = v.witness ? v.witness.length : 2;
  const box = (b) => `[0,${b}]${n === 2 ? '²' : n === 3 ? '³' : `^${n}`}`;
  const answer = v.admissible ? (v.certified ? '1-admissible' : `1-admissible in the box ${box(v.bound)}`) : 'not 1-admissible';
  const parts = [`${set}: ${answer}.`];
  if (v.witness) parts.push(`Witness (${v.witness.join(',')}): not in P, and every move from it to P joins two elements of P (Lemma 12).`);
  if (v.method === 'logic') {
    const s = v.states ?? {};
    parts.push(`Logic method: decided for every position (Theorem 23); automata: P ${s.p} states, P − P ${s.differences || 'not needed'}, moves ${s.moves}, search ${s.bad}.`);
  } else if (v.method === 'periodic') {
    parts.push(`Periodic method, period ${v.period}${v.balanced ? ' (balanced)' : ''}, box ${box(v.bound)}${v.certified ? ': the box decides it, certified for all positions' : ', not certified beyond the box'}.`);
  } else {
    parts.push(`Bounded method: box ${box(v.bound)}, differences from ${box(v.differenceBound)}${v.certified ? ', certified' : '; not certified beyond the box'}.`);
  }
  return parts.join(' ');
}

async function decide() {
  const set = $('adm-set').value.trim();
  say('adm-msg', '');
  $('adm-answer').textContent = '';
  $('adm-set').dataset.asked = set;
  saveState('replace');
  const args = { text: set };
  if ($('adm-method').value) args.method = $('adm-method').value;
  if ($('adm-max').value !== '') args.max = $('adm-max').value;
  const { ok, data } = await api('POST', '/api/jobs', { job: 'admissible', args });
  if (!ok) return say('adm-msg', data.error, 'error');
  await follow(admPanel, data.id, (job) => finishAdmissible(job, set));
}

function finishAdmissible(job, set) {
  const answer = $('adm-answer');
  if (job.state === 'done') {
    answer.textContent = verdictText(set, job.result);
    answer.dataset.admissible = String(job.result.admissible);
    say('adm-msg', `done in ${job.elapsed.toFixed(1)} s`, 'ok');
  } else if (job.state === 'cancelled') {
    const k = job.partial;
    answer.textContent = k?.witness ? `${set}: not 1-admissible. Witness (${k.witness.join(',')}), met before the cancel (Lemma 12).` : '';
    say('adm-msg', `cancelled${k?.checkedCells !== undefined ? ` after ${k.checkedCells} cells` : ''}`, 'error');
  } else say('adm-msg', job.error, 'error');
}
$('adm-run').addEventListener('click', decide);

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
  $('summary').textContent = result.caption;
  if (result.grid) renderGrid(result.grid);
  else renderTable(result.table);
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
      return v === undefined ? '' : `G(${slice === undefined ? '' : `${slice}, `}${x}, ${y}) = ${v}${v === '0' ? ', a P-position' : ''}`;
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

/**
 * A values or sequence picture's numbers as a grid (G(x, y) with x across; G(n) in rows one period wide), and
 * "Copy as text": the grid's text as the CLI prints it (grundy --table, sequence --rows), sent by the server.
 */
function renderGrid(g) {
  const head = g.columns.length ? `<thead><tr><th>${escapeHtml(g.corner)}</th>${g.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>` : '';
  const rows = g.rows.map((r) => `<tr><th>${escapeHtml(r.label)}</th>${r.cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  $('table').innerHTML = `<table class="grid">${head}<tbody>${rows}</tbody></table>`;
  $('table-box').querySelector('summary').textContent = `Table (${g.rows.length} rows)`;
  const copy = $('copy-text');
  copy.hidden = false;
  copy.dataset.text = g.text;
  $('copy-msg').textContent = '';
}

$('copy-text').addEventListener('click', async () => {
  const text = $('copy-text').dataset.text ?? '';
  try {
    await navigator.clipboard.writeText(text);
    $('copy-msg').textContent = 'copied';
  } catch {
    // No clipboard (a page not served over https or localhost, or refused): select the text to copy by hand.
    $('table').innerHTML = `<pre class="grid-text">${escapeHtml(text)}</pre>`;
    getSelection()?.selectAllChildren($('table').firstChild);
    $('copy-msg').textContent = 'the clipboard is not available here: the text is selected, copy it with Ctrl-C';
  }
});

function renderTable(t) {
  $('copy-text').hidden = true;
  $('copy-msg').textContent = '';
  const head = `<tr>${t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`;
  const rows = t.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`).join('');
  const more = t.omitted ? `<p>${t.omitted} more rows not shown</p>` : '';
  $('table').innerHTML = `<table><thead>${head}</thead><tbody>${rows}</tbody></table>${more}`;
  $('table-box').querySelector('summary').textContent = `Table (${t.rows.length + t.omitted} rows)`;
}

/** The table as CSV, the rows the server sent (the census's writer, core/csv.ts). */
function toCsv(t) {
  return [t.header, ...t.rows].map(csvLine).join('\n') + '\n';
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

// ---- start: the state in the address bar, then any job that was running before a reload -----------
async function start() {
  const state = loadState();
  await checkSpec();
  const waits = [];
  if (state) waits.push(startPicture(state.params, 'replace', state.job));
  const query = $('logic-query').value.trim();
  const logic = await reattach('logic', null, (job) => job.job === 'logicPanel' && job.args.text === query);
  if (logic) {
    $('logic-query').dataset.asked = query;
    waits.push(follow(logicPanel, logic.id, finishLogic));
  }
  const set = $('adm-set').value.trim();
  const adm = await reattach('admissible', null, (job) => job.job === 'admissible' && job.args.text === set);
  if (adm) {
    $('adm-set').dataset.asked = set;
    waits.push(follow(admPanel, adm.id, (job) => finishAdmissible(job, set)));
  }
  document.body.dataset.ready = 'true';
  await Promise.all(waits);
}
start();
