/**
 * Typed errors. The library throws these; only the CLI turns them into exit codes and messages.
 */
import type { LimitName } from './limits.js';

/** Input as a message quotes it: a long one by its start and its length (the column says where). */
export function quoted(text: string): string {
  return JSON.stringify(text.length <= 80 ? text : `${text.slice(0, 60)}… (${text.length} characters)`);
}

/**
 * A malformed game spec: `column` is 1-based within `spec`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class SpecError extends Error {
  constructor(
    readonly spec: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`bad game spec ${quoted(spec)} at column ${column}: ${reason}`);
    this.name = 'SpecError';
  }
}

/**
 * A malformed or illegal position: `column` is 1-based within `text`, or 0 when it concerns the whole.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PositionError extends Error {
  constructor(
    readonly text: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(
      column > 0
        ? `bad position ${quoted(text)} at column ${column}: ${reason}`
        : `bad position ${quoted(text)}: ${reason}`,
    );
    this.name = 'PositionError';
  }
}

/**
 * Bad input that is neither a spec nor a position (a flag value, a file, a rule set that cannot terminate).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * A computation hit a limit (a state cap, a memory budget, a depth bound): `limit` names its row of the
 * table in limits.ts, and `partial` carries what was finished before the limit, so nothing is lost.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class LimitError<P = unknown> extends Error {
  constructor(
    message: string,
    readonly limit: LimitName,
    readonly partial?: P,
  ) {
    super(message);
    this.name = 'LimitError';
  }

  /**
   * Throws when `current` has reached `cap` (refa's `TooManyNodesError.assert`): "the `what` passed `cap`
   * states", with the count reached as the partial result.
   */
  static assert(current: number, cap: number, limit: LimitName, what: string): void {
    if (current >= cap) throw new LimitError(`the ${what} passed ${cap} states`, limit, current);
  }
}

/**
 * A game that turned out not to terminate: a cycle of positions was found.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class CycleError extends Error {
  constructor(readonly cycle: string[]) {
    super(`the game does not terminate: the positions ${cycle.join(' -> ')} form a cycle`);
    this.name = 'CycleError';
  }
}

/**
 * Work stopped on request (an AbortSignal); `partial` holds what was finished, when anything was.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class InterruptedError<P = unknown> extends Error {
  constructor(readonly partial?: P) {
    super('interrupted');
    this.name = 'InterruptedError';
  }
}
