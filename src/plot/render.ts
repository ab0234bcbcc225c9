/**
 * Rendering that needs a library: SVG to PNG by resvg (a Rust renderer shipped as a prebuilt Node
 * addon inside its npm package) and Graphviz layout by @viz-js/viz (Graphviz compiled to WASM).
 */
import { Resvg } from '@resvg/resvg-js';
import { instance, type Viz } from '@viz-js/viz';
import { InputError } from '../core/errors.js';
import { decodeIndexedPng, encodeIndexedPng, resample } from './png.js';

/**
 * A PNG of an SVG document, `scale` times its nominal size.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function svgToPng(svg: string, scale = 1): Buffer {
  const r = new Resvg(fitCellsImage(svg, scale), {
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: 'white',
  });
  return r.render().asPng();
}

/** A heat map's cells drawn as an image (charts.ts): its place and its PNG. */
const CELLS_IMAGE = /<image class="cells-image" ([^>]*?)href="data:image\/png;base64,([A-Za-z0-9+/=]*)"/;

/**
 * A heat map's image (a pixel a cell) brought to the pixels it covers at this scale before resvg draws it:
 * resvg would decode every cell of a large one (64 MB of pixels for a side of 4000, a second or two) to
 * draw a few of them, and it smooths a small one when it scales it up (it does not read
 * image-rendering: pixelated). Each pixel takes the cell under its centre, as a pixelated image shows it.
 */
function fitCellsImage(svg: string, scale: number): string {
  const m = CELLS_IMAGE.exec(svg);
  if (!m) return svg;
  const size = (name: string) => Number(new RegExp(` ${name}="([\\d.]+)"`).exec(m[1]!)?.[1] ?? NaN);
  const width = Math.round(size('width') * scale);
  const height = Math.round(size('height') * scale);
  if (!(width >= 1 && height >= 1)) return svg;
  const image = decodeIndexedPng(Buffer.from(m[2]!, 'base64'));
  const fitted = resample(image, width, height);
  if (fitted === image) return svg;
  const png = encodeIndexedPng(fitted.width, fitted.height, fitted.palette, fitted.pixels).toString('base64');
  const at = m.index + m[0].length - m[2]!.length - 1;
  return svg.slice(0, at) + png + svg.slice(at + m[2]!.length);
}

let viz: Promise<Viz> | undefined;

/**
 * Lays out a DOT graph with Graphviz's dot engine and returns the SVG. Bad DOT is an InputError.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export async function dotToSvg(dot: string): Promise<string> {
  viz ??= instance();
  const result = (await viz).render(dot, { format: 'svg', engine: 'dot' });
  if (result.status !== 'success') {
    const first = result.errors.find((e) => e.level === 'error') ?? result.errors[0];
    throw new InputError(`bad DOT graph: ${(first?.message ?? 'Graphviz could not lay it out').trim().split('\n')[0]}`);
  }
  return result.output;
}
