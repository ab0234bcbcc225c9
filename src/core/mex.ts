/**
 * The minimum excluded value: the least non-negative integer not in `values`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function mex(values: Iterable<number>): number {
  const seen: boolean[] = [];
  for (const v of values) if (v >= 0) seen[v] = true;
  let m = 0;
  while (seen[m]) m++;
  return m;
}
