// A game of your own as a CommonJS module (a project made by `npm init -y`), for
// `sprague --require ./mygame.cjs grundy lasker-free 9`.
//
// sprague is an ES module, which CommonJS cannot `require`: the file loads it with `import()` and exports the
// promise of its registration, which sprague awaits before the command runs.
//
// HALVING: a move removes one token from a heap, or half of an even heap. Only the ruleset is given:
// every command then searches the game (no kernel is declared; mygame.mjs shows one).
module.exports = import('sprague').then(({ registerGame, heapMultisetDomain, splitHeaps }) => {
  class TakeOneOrHalf {
    name = 'halving';
    domain = heapMultisetDomain;
    convention = 'normal';
    terminating = true;

    options(p) {
      const out = [];
      p.forEach((h, i) => {
        const next = h > 0 ? [h - 1] : [];
        if (h > 0 && h % 2 === 0) next.push(h / 2);
        for (const n of next) out.push(p.map((x, j) => (j === i ? n : x)));
      });
      return out;
    }

    decompose(p) {
      return splitHeaps(this, p);
    }
  }
  registerGame('halving', () => new TakeOneOrHalf());
});
