/**
 * The `reproduce` job (`sprague census reproduce`): the games of a family against the published tables
 * (census/reproduce.ts), one emitted line per game as it finishes; a stop keeps the games finished.
 */
import { job } from '../core/jobs.js';
import type { PublishedTables } from '../census/published.js';
import type { ReproduceResult } from '../census/reproduce.js';

export interface ReproduceArgs {
  specs: string[];
  tables: PublishedTables;
  bound: number;
}

export const reproduceJob = job({
  async run(args: ReproduceArgs, ctx): Promise<ReproduceResult> {
    const { reproduceGames } = await import('../census/reproduce.js');
    let done = 0;
    return reproduceGames(args.specs, args.tables, {
      bound: args.bound,
      signal: ctx.signal,
      onGame(g) {
        ctx.emit(g);
        ctx.onProgress(++done, args.specs.length, g.spec);
      },
    });
  },
  keep: (partial): ReproduceResult | undefined => (typeof partial === 'object' && partial !== null && Array.isArray((partial as ReproduceResult).games) ? (partial as ReproduceResult) : undefined),
});
