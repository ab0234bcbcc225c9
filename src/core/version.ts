/** The version in sprague's package.json, in a module of its own: `sprague --version` loads nothing else. */
import { readFileSync } from 'node:fs';

let version: string | undefined;

/** The version in sprague's package.json, read once: a checkpoint of another version is not read back. */
export function codeVersion(): string {
  version ??= String((JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: unknown }).version);
  return version;
}
