import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (apt-get install chromium), driven by playwright-core: no browser download, works offline. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Why browser tests cannot run here, or null when they can. */
export function chromiumMissing(): string | null {
  return fs.existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH}: run "apt-get install -y chromium" or set CHROMIUM_PATH`;
}

/**
 * `describe` when Chromium is there, and also under CI=true, where its absence must fail the run (the suite's
 * beforeAll throws chromiumMissing()); `describe.skip` with a warning on a developer's machine without it.
 */
export function describeWithChromium(): jest.Describe {
  const missing = chromiumMissing();
  if (!missing || process.env.CI === 'true') return describe;
  console.warn(`[tests] browser suites skipped: ${missing}`);
  return describe.skip;
}

export async function launchChromium(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
