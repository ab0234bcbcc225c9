/**
 * Dense heat maps drawn as images (issue 33.2): the PNG read back by a decoder written here from the PNG
 * specification (any colour type the files use, the five filters), its pixels compared with the values of
 * the cells under them; the CLI's PNG and SVG of Wythoff's values; exit 3 for a picture past the memory
 * budget; Ctrl-C during a large picture.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { RASTER_CELLS, heatMapChart, heatMapPng } from '../../src/plot/charts.js';
import { valueColour, valuePalette } from '../../src/plot/colour.js';
import { grundyGrid, wordsBefore } from '../../src/plot/data.js';
import { crc32, decodeIndexedPng, encodeIndexedPng, resample } from '../../src/plot/png.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';
import { ctrlCAt } from '../helpers/ctrl-c.js';

const dir = mkdtempSync(join(tmpdir(), 'sprague-raster-'));

/** A PNG as RGB triples, rows top to bottom: colour types 2 (RGB), 3 (indexed) and 6 (RGBA) at 8 bits. */
function readPng(png: Buffer): { width: number; height: number; rgb: (x: number, y: number) => string } {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'the PNG signature');
  let at = 8;
  let width = 0;
  let height = 0;
  let type = -1;
  let palette: Buffer = Buffer.alloc(0);
  const idat: Buffer[] = [];
  for (;;) {
    const length = png.readUInt32BE(at);
    const name = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    // The CRC by its definition, bit by bit (png.ts uses a table).
    let c = 0xffffffff;
    for (const b of png.subarray(at + 4, at + 8 + length)) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    assert.equal(png.readUInt32BE(at + 8 + length), (c ^ 0xffffffff) >>> 0, `the CRC of ${name}`);
    if (name === 'IHDR') {
      [width, height, type] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9]!];
      assert.equal(body[8], 8, '8 bits a sample');
      assert.equal(body[12], 0, 'not interlaced');
    }
    if (name === 'PLTE') palette = body;
    if (name === 'IDAT') idat.push(body);
    at += 12 + length;
    if (name === 'IEND') break;
  }
  const bpp = ({ 2: 3, 3: 1, 6: 4 } as Record<number, number>)[type]!;
  assert.ok(bpp, `colour type ${type}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(height * stride);
  for (let r = 0; r < height; r++) {
    const f = raw[r * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? out[r * stride + i - bpp]! : 0;
      const b = r > 0 ? out[(r - 1) * stride + i]! : 0;
      const c = i >= bpp && r > 0 ? out[(r - 1) * stride + i - bpp]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][f]!;
      out[r * stride + i] = (raw[r * (stride + 1) + 1 + i]! + pred) & 255;
    }
  }
  const hex = (bytes: ArrayLike<number>) => '#' + Array.from(bytes, (v) => v.toString(16).padStart(2, '0')).join('');
  return {
    width,
    height,
    rgb: (x, y) => {
      const i = (y * width + x) * bpp;
      return type === 3 ? hex(palette.subarray(3 * out[i]!, 3 * out[i]! + 3)) : hex(out.subarray(i, i + 3));
    },
  };
}

/** Wythoff's values by their definition: the mex of the row to the left, the column below and the diagonal. */
function wythoffByMex(max: number): number[][] {
  const G: number[][] = [];
  for (let x = 0; x <= max; x++) {
    G.push([]);
    for (let y = 0; y <= max; y++) {
      const seen = new Set<number>();
      for (let t = 0; t < x; t++) seen.add(G[t]![y]!);
      for (let t = 0; t < y; t++) seen.add(G[x]![t]!);
      for (let k = 1; k <= Math.min(x, y); k++) seen.add(G[x - k]![y - k]!);
      let g = 0;
      while (seen.has(g)) g++;
      G[x]!.push(g);
    }
  }
  return G;
}

const known: [number, number, number][] = [
  [0, 0, 0],
  [1, 2, 0],
  [2, 1, 0],
  [1, 1, 2],
  [0, 7, 7],
  [3, 5, 0],
  [2, 2, 1],
];

test('the heat map image of Wythoff to 30: a pixel a cell, y = 0 at the bottom, each the colour of its value', () => {
  const G = wythoffByMex(30);
  for (const [x, y, g] of known) assert.equal(G[x]![y], g, `G(${x},${y}) by the definition`);
  const grid = grundyGrid(parseSpec('wythoff'), 30, undefined);
  for (let y = 0; y <= 30; y++) for (let x = 0; x <= 30; x++) assert.equal(grid.values[y * 31 + x], G[x]![y], `the grid at (${x},${y})`);
  const hi = Math.max(...grid.values);
  const png = readPng(heatMapPng(grid.values, 31, 31, hi));
  assert.deepEqual([png.width, png.height], [31, 31]);
  for (let y = 0; y <= 30; y++) for (let x = 0; x <= 30; x++) assert.equal(png.rgb(x, 30 - y), valueColour(G[x]![y]!, hi), `pixel of (${x},${y})`);
  assert.equal(png.rgb(1, 30 - 2), '#000000', 'a P-position is black');
});

test('the image of a stopped picture shows the cells not computed grey', () => {
  const values = Int32Array.from([0, 1, 2, 3, -1, -1], (v) => v);
  const png = readPng(heatMapPng(values, 3, 2, 3));
  assert.deepEqual([0, 1, 2].map((x) => png.rgb(x, 1)), [0, 1, 2].map((v) => valueColour(v, 3)), 'row y = 0 at the bottom');
  assert.deepEqual([0, 1, 2].map((x) => png.rgb(x, 0)), [valueColour(3, 3), valueColour(-1, 3), valueColour(-1, 3)]);
});

test('past 254 values the palette bands them: in order, every value in a band of the colours between its neighbours', () => {
  const hi = 5000;
  const { colours, indexOf } = valuePalette(hi);
  assert.equal(colours.length / 3, 256);
  assert.deepEqual([indexOf(-1), indexOf(0), indexOf(1), indexOf(hi)], [0, 1, 2, 255]);
  for (let v = 2; v <= hi; v++) assert.ok(indexOf(v) - indexOf(v - 1) <= 1 && indexOf(v) >= indexOf(v - 1), `value ${v}`);
  const small = valuePalette(30);
  for (let v = 1; v <= 30; v++) {
    const i = small.indexOf(v);
    assert.equal('#' + [...small.colours.subarray(3 * i, 3 * i + 3)].map((b) => b.toString(16).padStart(2, '0')).join(''), valueColour(v, 30));
  }
});

test('png.ts reads back what it writes, and resamples an image by the pixel under each centre', () => {
  const palette = Uint8Array.from({ length: 30 }, (_, i) => i * 8);
  const pixels = Uint8Array.from({ length: 7 * 5 }, (_, i) => (i * 7) % 10);
  const back = decodeIndexedPng(encodeIndexedPng(7, 5, palette, pixels));
  assert.deepEqual([back.width, back.height, [...back.palette], [...back.pixels]], [7, 5, [...palette], [...pixels]]);
  const half = resample(back, 3, 2);
  assert.deepEqual([...half.pixels], [pixels[1 * 7 + 1], pixels[1 * 7 + 3], pixels[1 * 7 + 5], pixels[3 * 7 + 1], pixels[3 * 7 + 3], pixels[3 * 7 + 5]]);
  assert.equal(resample(back, 7, 5), back, 'the same size: the same image');
  const twice = resample(back, 14, 10);
  for (let r = 0; r < 10; r++) for (let c = 0; c < 14; c++) assert.equal(twice.pixels[r * 14 + c], pixels[(r >> 1) * 7 + (c >> 1)], `up: pixel (${c},${r})`);
  assert.equal(crc32(Buffer.from('IEND')), 0xae426082, 'the CRC of an empty IEND');
  assert.throws(() => decodeIndexedPng(Buffer.from('not a png at all')), RangeError);
});

test('a heat map past RASTER_CELLS is one image in the SVG, with the axes still text', () => {
  const side = Math.ceil(Math.sqrt(RASTER_CELLS)) + 1;
  const values = Int32Array.from({ length: side * side }, (_, i) => i % 7);
  const svg = heatMapChart({ title: 't', values, width: side, height: side, xLabel: 'x', yLabel: 'y' });
  assert.equal(svg.split('<image ').length - 1, 1);
  assert.equal(svg.match(/class="cell( p)?"/g), null, 'no rectangle a cell');
  assert.match(svg, /<g class="axes"/);
  const png = readPng(Buffer.from(/href="data:image\/png;base64,([^"]+)"/.exec(svg)![1]!, 'base64'));
  assert.deepEqual([png.width, png.height], [side, side]);
  assert.equal(png.rgb(3, side - 1), valueColour(3, 6));
});

test('rewrite lengths: progress counts words (each length the alphabet times the one before), not lengths', () => {
  assert.deepEqual(wordsBefore(2, 4), [0, 1, 3, 7, 15]);
  assert.deepEqual(wordsBefore(1, 3), [0, 1, 2, 3]);
});

test('sprague plot wythoff --values: the PNG and the SVG show each cell in the colour of its value', () => {
  const max = 150;
  const G = wythoffByMex(max);
  let hi = 0;
  for (const col of G) for (const g of col) hi = Math.max(hi, g);
  const svgOut = join(dir, 'w.svg');
  const s = runCli(['plot', 'wythoff', '--values', '--max', String(max), '--out', svgOut]);
  assert.equal(s.status, 0, s.stderr);
  const svg = readFileSync(svgOut, 'utf8');
  const image = readPng(Buffer.from(/<image class="cells-image"[^>]*href="data:image\/png;base64,([^"]+)"/.exec(svg)![1]!, 'base64'));
  const palette = valuePalette(hi);
  const colour = (g: number) => {
    const i = palette.indexOf(g);
    return '#' + [...palette.colours.subarray(3 * i, 3 * i + 3)].map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  for (let y = 0; y <= max; y++) for (let x = 0; x <= max; x++) assert.equal(image.rgb(x, max - y), colour(G[x]![y]!), `SVG image, cell (${x},${y})`);
  // The PNG through resvg at scale 2: the plot area's place from the axes the chart declares; a cell's centre pixel is its colour.
  const pngOut = join(dir, 'w.png');
  const p = runCli(['plot', 'wythoff', '--values', '--max', String(max), '--out', pngOut]);
  assert.equal(p.status, 0, p.stderr);
  const area = /class="axes" data-left="([\d.]+)" data-right="([\d.]+)" data-top="([\d.]+)" data-bottom="([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  const [left, right, top, bottom] = area as [number, number, number, number];
  const png = readPng(readFileSync(pngOut));
  const cell = (right - left) / (max + 1);
  for (const [x, y, g] of [...known, [150, 150, G[150]![150]!], [97, 3, G[97]![3]!]] as [number, number, number][]) {
    assert.equal(G[x]![y], g);
    const px = Math.floor(2 * (left + (x + 0.5) * cell));
    const py = Math.floor(2 * (bottom - (y + 0.5) * cell));
    assert.equal(png.rgb(px, py), colour(g), `PNG, cell (${x},${y}) at pixel (${px},${py})`);
    assert.ok(py >= 2 * top);
  }
});

test('sprague plot --values past the memory budget: exit 3, one line, before any work', () => {
  const r = runCli(['plot', 'wythoff', '--values', '--max', '4000', '--out', join(dir, 'never.png'), '--max-memory', '256M']);
  assert.equal(r.status, 3, r.stderr);
  assert.match(r.stderr, /^sprague: a values picture of wythoff on \[0,4000\]\^2 needs about \d+ MiB, more than the memory budget of 256 MiB \(raise it with --max-memory N\)\n$/);
});

test('Ctrl-C during a large values picture: exit 130, and the picture of the rows finished is written', async () => {
  const out = join(dir, 'stopped.png');
  const r = await ctrlCAt(['plot', 'wythoff', '--values', '--max', '4000', '--out', out], { stderr: /progress \d+\/4001/ });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted/);
  assert.deepEqual([...readFileSync(out).subarray(1, 4)], [80, 78, 71]);
});
