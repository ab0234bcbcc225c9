/**
 * Rendering that needs a library: SVG to PNG by resvg (a Rust renderer shipped as a prebuilt Node
 * addon inside its npm package) and Graphviz layout by @viz-js/viz (Graphviz compiled to WASM).
 */
import { Resvg } from '@resvg/resvg-js';
import { instance, type Viz } from '@viz-js/viz';
import { InputError } from '../core/errors.js';

/**
 * A PNG of an SVG document, `scale` times its nominal size.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function svgToPng(svg: string, scale = 1): Buffer {
  const r = new Resvg(svg, {
    fitTo: scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: 'white',
  });
  return r.render().asPng();
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
