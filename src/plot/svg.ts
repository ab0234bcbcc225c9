/**
 * A minimal SVG writer: charts are plain strings of elements, so they render the same in a browser,
 * in resvg (PNG) and in a test that counts elements.
 */

/** Escapes text and attribute values for XML. */
export function esc(s: string | number): string {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export type Attrs = Record<string, string | number | undefined>;

/** Coordinates are rounded to 2 decimals: smaller files, no visible difference. */
export function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** One element; `children` is raw SVG text (already escaped), omitted for an empty element. */
export function el(tag: string, attrs: Attrs = {}, children?: string): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? num(v) : v!)}"`)
    .join('');
  return children === undefined ? `<${tag}${a}/>` : `<${tag}${a}>${children}</${tag}>`;
}

export function text(x: number, y: number, content: string, attrs: Attrs = {}): string {
  return el('text', { x, y, ...attrs }, esc(content));
}

/** A whole document: white background, a sans-serif font that resvg and browsers both find. */
export function svgDocument(width: number, height: number, body: string, title?: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="12">` +
    (title ? el('title', {}, esc(title)) : '') +
    el('rect', { x: 0, y: 0, width, height, fill: 'white' }) +
    body +
    '</svg>\n'
  );
}
