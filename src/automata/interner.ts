/**
 * Numeric keys (packed tuples of states, up to 2^53) numbered in order of first sight, by open
 * addressing on typed arrays: a Map stops near 2^24 entries and is slower on tens of millions.
 */
import { LimitError } from '../core/errors.js';
import type { LimitName } from '../core/limits.js';
import { atLeast } from './grow.js';

export class KeyInterner {
  keys = new Float64Array(1024);
  count = 0;
  private slots = new Int32Array(4096).fill(-1);
  private mask = 4095;

  /** `cap`: most keys before a LimitError (named `limit`) saying "the `what` passed cap states". */
  constructor(
    private readonly cap: number,
    private readonly what: string,
    private readonly limit: LimitName,
  ) {}

  private slotOf(key: number): number {
    // key - hi 2^32 is key % 2^32 (keys are below 2^53, so hi fits 21 bits): a Float64 % is a call to fmod.
    const hi = (key / 4294967296) | 0;
    const lo = (key - hi * 4294967296) | 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1);
    h ^= h >>> 16;
    return h & this.mask;
  }

  /** The number of key, given a new one if it is new. */
  intern(key: number): number {
    let at = this.slotOf(key);
    for (;;) {
      const id = this.slots[at]!;
      if (id === -1) break;
      if (this.keys[id] === key) return id;
      at = (at + 1) & this.mask;
    }
    LimitError.assert(this.count, this.cap, this.limit, this.what);
    if (this.count === this.keys.length) this.keys = atLeast(this.keys, this.count + 1);
    const id = this.count++;
    this.keys[id] = key;
    this.slots[at] = id;
    if (2 * this.count > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    this.slots = new Int32Array(2 * this.slots.length).fill(-1);
    this.mask = this.slots.length - 1;
    for (let j = 0; j < this.count; j++) {
      let b = this.slotOf(this.keys[j]!);
      while (this.slots[b] !== -1) b = (b + 1) & this.mask;
      this.slots[b] = j;
    }
  }
}
