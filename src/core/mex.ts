/** The minimum excluded value: the least non-negative integer not in `values`. */
export function mex(values: Iterable<number>): number {
  const seen: boolean[] = [];
  for (const v of values) if (v >= 0) seen[v] = true;
  let m = 0;
  while (seen[m]) m++;
  return m;
}
