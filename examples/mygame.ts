// A game of your own in TypeScript: compile it (`npx tsc`, module NodeNext) and load the .js it gives with
// `sprague --require ./mygame.js grundy squares 10`. The types come from the package: a mistake in the
// ruleset's shape is a compile error, not a runtime one.
//
// SQUARES: a move removes a positive square number of tokens from one heap (the subtraction game of
// the squares, whose P-positions are not periodic).
import { heapMultisetDomain, registerGame, splitHeaps, type Heaps, type Ruleset } from 'sprague';

class TakeSquare implements Ruleset<Heaps> {
  readonly name = 'squares';
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (let k = 1; k * k <= h; k++) out.push(p.map((x, j) => (j === i ? h - k * k : x)));
    });
    return out;
  }

  decompose(p: Heaps) {
    return splitHeaps(this, p);
  }
}

registerGame('squares', () => new TakeSquare());
