/**
 * The set-up the explorer's browser tests share: a server on a free port and Debian's chromium (as
 * chromium.ts) in a fresh profile, on one page whose script errors are collected, so that each test file
 * says only what server it needs and where it starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer, type ServeOptions } from '../../src/server/server.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js';

export interface BrowserSession {
  readonly server: RunningServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The page's uncaught script errors, in order (a test asserts there are none). */
  readonly pageErrors: string[];
  /** Closes the browser and the server and removes the profile. */
  close(): Promise<void>;
}

export async function browserSession(options: ServeOptions, viewport: { width: number; height: number }): Promise<BrowserSession> {
  const server = await startServer(options);
  const profile = mkdtempSync(join(tmpdir(), 'sprague-chromium-'));
  const cleanUp = async (context?: BrowserContext): Promise<void> => {
    await context?.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  let context: BrowserContext;
  try {
    // A persistent context is how playwright takes a fresh, empty --user-data-dir.
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, viewport });
  } catch (e) {
    await cleanUp();
    throw e;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  // Playwright's 30 s default is tight for a job's first progress on a loaded machine: every wait is for an event.
  page.setDefaultTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { server, context, page, pageErrors, close: () => cleanUp(context) };
}
