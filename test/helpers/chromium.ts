/** Debian's chromium for the browser tests (never a downloaded browser), and the flags every test launches it with. */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env['SPRAGUE_CHROMIUM'] ?? '/usr/bin/chromium';

/** The `skip` option of a browser test: false, or why it is skipped. */
export const chromiumSkip: false | string = existsSync(CHROMIUM) ? false : `${CHROMIUM} not found: browser tests skipped (apt-get install -y chromium)`;

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
