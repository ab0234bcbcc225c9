/**
 * Pictures of automata: DOT laid out by Graphviz compiled to WebAssembly (@viz-js/viz, no native
 * binary), and SVG rasterised to PNG by @resvg/resvg-js. Both are loaded only when a picture is asked for.
 */

/**
 * SVG text for a DOT graph.
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function dotToSvg(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  return viz.renderString(dot, { format: 'svg', engine: 'dot' });
}

/**
 * PNG bytes for a DOT graph (via SVG).
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function dotToPng(dot: string): Promise<Uint8Array> {
  const svg = await dotToSvg(dot);
  const { Resvg } = await import('@resvg/resvg-js');
  return new Resvg(svg, { background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render().asPng();
}
