import cliProgress from 'cli-progress';
import type { IngestProgress } from '../ingest/ingest.service';

/**
 * A progress bar on stderr when it is a terminal, and a line every few seconds otherwise (CI logs,
 * `npm start` under a process manager), so long work is never silent.
 */
export function progressReporter(label: string): { update(p: IngestProgress & { phase?: string }): void; stop(): void } {
  const tty = process.stderr.isTTY;
  const bars = new Map<string, cliProgress.SingleBar>();
  let lastLog = 0;
  return {
    update(p) {
      const phase = p.phase ?? label;
      if (tty) {
        let bar = bars.get(phase);
        if (!bar) {
          bar = new cliProgress.SingleBar({
            format: `${phase.padEnd(10)} [{bar}] {value}/{total} docs | {failed} failed | {duration_formatted} | eta {eta_formatted}`,
            stream: process.stderr, hideCursor: true,
          }, cliProgress.Presets.shades_classic);
          bar.start(p.total, 0, { failed: 0 });
          bars.set(phase, bar);
        }
        bar.update(p.done, { failed: p.failed });
        if (p.finished) bar.stop();
      } else if (p.finished || Date.now() - lastLog > 3000) {
        lastLog = Date.now();
        process.stderr.write(`[${label}] ${phase}: ${p.done}/${p.total} documents, ${p.failed} failed${p.finished ? ' — done' : ''}\n`);
      }
    },
    stop() {
      for (const b of bars.values()) b.stop();
    },
  };
}
