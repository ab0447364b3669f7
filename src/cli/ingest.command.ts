import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../app/app';
import type { DocumentType } from '../domain/document.types';
import { parseTextDocument } from '../ingest/parse/text.parser';
import type { IngestResult } from '../ingest/ingest.service';
import { ErrorCode } from '../errors/error-codes';
import { progressReporter } from './progress';

/** Files an `ingest` run reads: .json (a document or an array), .md and .txt (header + headings). */
export interface InputFile {
  source: string;
  input?: unknown;
  /** Why the file could not be read as a document. */
  error?: string;
}

export function readInputs(target: string, type?: DocumentType): InputFile[] {
  const stat = fs.statSync(target);
  const files = stat.isDirectory()
    ? fs.readdirSync(target, { recursive: true, encoding: 'utf8' }).map((f) => path.join(target, f)).filter((f) => fs.statSync(f).isFile()).sort()
    : [target];
  const out: InputFile[] = [];
  for (const f of files) {
    const ext = path.extname(f).toLowerCase();
    const content = fs.readFileSync(f, 'utf8');
    if (ext === '.json') {
      let v: unknown;
      try {
        v = JSON.parse(content);
      } catch (err) {
        // Reported in the summary with the file's name; the other files are still ingested.
        out.push({ source: f, error: `invalid JSON: ${(err as Error).message}` });
        continue;
      }
      for (const [i, d] of (Array.isArray(v) ? v : [v]).entries()) out.push({ source: Array.isArray(v) ? `${f}[${i}]` : f, input: d });
    } else if (ext === '.md' || ext === '.txt') {
      out.push({ source: f, input: parseTextDocument(content, { title: path.basename(f, ext), type }) });
    }
  }
  return out;
}

export function summarise(results: IngestResult[], sources: string[], seconds: number): string {
  const by = (s: string) => results.filter((r) => r.status === s).length;
  const chunks = results.reduce((n, r) => n + (r.status === 'CREATED' || r.status === 'UPDATED' ? r.chunks : 0), 0);
  const lines = [
    `${results.length} documents in ${seconds.toFixed(1)} s: ${by('CREATED')} created, ${by('UPDATED')} updated, ${by('UNCHANGED')} unchanged, ${by('FAILED')} failed; ${chunks} chunks written`,
  ];
  for (const r of results) {
    if (r.status === 'FAILED') lines.push(`  FAILED ${sources[r.index]}: [${r.error?.code}] ${r.error?.message}`);
    for (const w of r.warnings) lines.push(`  warning ${r.id}: ${w}`);
  }
  return lines.join('\n');
}

export async function ingestCommand(app: App, target: string, opts: { type?: DocumentType; json?: boolean }): Promise<number> {
  const files = readInputs(target, opts.type);
  const inputs = files.filter((f) => !f.error);
  const bar = progressReporter('ingest');
  const t0 = performance.now();
  const ingested = await app.ingest.ingest(inputs.map((i) => i.input), { onProgress: (p) => bar.update(p) });
  bar.stop();
  const unreadable: IngestResult[] = files.filter((f) => f.error).map((f, i) => ({
    index: inputs.length + i, id: null, title: null, status: 'FAILED', chunks: 0, sections: [], warnings: [],
    error: { code: ErrorCode.INVALID_DOCUMENT, message: f.error!, problems: [] },
  }));
  const results = [...ingested, ...unreadable];
  const sources = [...inputs, ...files.filter((f) => f.error)].map((f) => f.source);
  const seconds = (performance.now() - t0) / 1000;
  if (opts.json) process.stdout.write(JSON.stringify({ seconds, results }, null, 2) + '\n');
  else process.stdout.write(summarise(results, sources, seconds) + '\n');
  return results.some((r) => r.status === 'FAILED') ? 1 : 0;
}
