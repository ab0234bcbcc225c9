/**
 * A transposition table on typed arrays: keys are non-negative integers below 2^53 (packed positions),
 * values one byte. Open addressing with a short probe; when the probe is full the home slot is
 * overwritten, so memory stays bounded and every stored value is still exact.
 */

import { LimitError } from '../../core/errors.js';

const PROBE = 8;

export class TranspositionTable {
  private keys: Float64Array;
  private vals: Uint8Array;
  private mask: number;
  /** Entries currently held. */
  size = 0;
  /** Entries overwritten because the probe was full. */
  evictions = 0;

  /** `log2Capacity` slots, 9 bytes each (22 -> 38 MB, 25 -> 300 MB). */
  constructor(readonly log2Capacity = 22) {
    if (log2Capacity > 31) throw new LimitError(`transposition table: at most 2^31 slots, asked for 2^${log2Capacity}`, 'tableBits');
    const cap = 2 ** log2Capacity;
    this.keys = new Float64Array(cap);
    this.vals = new Uint8Array(cap);
    this.mask = cap - 1;
  }

  /**
   * The home slot of a key. Mixes the high and low halves (packed keys differ mostly in their low digits)
   * into a full 32-bit hash before masking: an earlier `>>> 7` left 25 bits, so no table could use more
   * than 2^25 home slots whatever its capacity (the 3 x 23 run stalled at exactly 2^25 entries).
   */
  home(key: number): number {
    // The halves without a Float64 % (a call to fmod): keys are below 2^53, so hi fits 21 bits.
    const hi = (key / 4294967296) | 0;
    const lo = key - hi * 4294967296;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0) & this.mask;
  }

  /** The stored value, or -1. */
  get(key: number): number {
    const k = key + 1;
    let i = this.home(key);
    for (let p = 0; p < PROBE; p++) {
      const s = this.keys[i]!;
      if (s === k) return this.vals[i]!;
      if (s === 0) return -1;
      i = (i + 1) & this.mask;
    }
    return -1;
  }

  set(key: number, value: number): void {
    const k = key + 1;
    const h = this.home(key);
    let i = h;
    for (let p = 0; p < PROBE; p++) {
      const s = this.keys[i]!;
      if (s === k) {
        this.vals[i] = value;
        return;
      }
      if (s === 0) {
        this.keys[i] = k;
        this.vals[i] = value;
        this.size++;
        return;
      }
      i = (i + 1) & this.mask;
    }
    // Overwriting the home slot never breaks a later probe: no slot on any chain becomes empty.
    this.keys[h] = k;
    this.vals[h] = value;
    this.evictions++;
  }

  /** Every stored (key, value), for checkpoints. */
  *entries(): Generator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== 0) yield [this.keys[i]! - 1, this.vals[i]!];
  }
}
