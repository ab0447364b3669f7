import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DocumentInput } from '../../src/domain/document.types';
import { loadStatuteGraph } from '../../src/seeds/seed';
import { chromiumMissing, launchChromium } from '../support/chromium';
import { startTestServer, type TestServer } from '../support/server';

export interface ExplorerFixture {
  t: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The server's origin, for page.goto(`${base}/explorer?…`). */
  base: string;
  /** Script errors on the page; an API answer with an HTTP error status is shown by the page, so it is no fault. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A server with the statute graph and `documents`, and a 1280×800 Chromium page (scale 1, for pixel checks). */
export async function openExplorer(documents: DocumentInput[]): Promise<ExplorerFixture> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
  await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
  const results = await t.app.ingest.ingest(documents);
  if (results.some((r) => r.status !== 'CREATED')) throw new Error(`fixture documents not created: ${JSON.stringify(results.map((r) => r.status))}`);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text()); });
  return {
    t, browser, context, page, base: new URL(t.server.url).origin, pageErrors,
    async close() {
      await context.close();
      await browser.close();
      await t.close();
    },
  };
}
