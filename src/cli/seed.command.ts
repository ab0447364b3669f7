import type { App } from '../app/app';
import { seed } from '../seeds/seed';
import { progressReporter } from './progress';
import { summarise } from './ingest.command';

/** Loads seeds/ into the configured store profile, with progress, and prints a summary. */
export async function seedCommand(app: App, include?: { statutes?: boolean; judgments?: boolean; cases?: boolean }): Promise<number> {
  const bar = progressReporter('seed');
  const t0 = performance.now();
  const summary = await seed(app.stores.graph, app.ingest, app.catalogue, { onProgress: (p) => bar.update(p), include });
  bar.stop();
  const seconds = (performance.now() - t0) / 1000;
  process.stderr.write(`statute graph: ${summary.sections} sections, ${summary.equivalences} equivalences\n`);
  process.stderr.write(summarise(summary.results, summary.results.map((r) => r.id ?? `#${r.index}`), seconds) + '\n');
  return summary.results.some((r) => r.status === 'FAILED') ? 1 : 0;
}

/** On first start with an empty store, seeds/ is loaded so a newcomer's first query finds something. */
export async function seedIfEmpty(app: App): Promise<void> {
  const { documents } = await app.stores.documents.counts();
  if (documents > 0) return;
  process.stderr.write('Empty store: loading seeds/ (bare acts, judgments, sample cases); SEED_ON_START=false turns this off\n');
  await seedCommand(app);
}
