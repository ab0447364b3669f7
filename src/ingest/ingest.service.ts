import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '../errors/app-error';
import type { DocumentInput } from '../domain/document.types';
import { ErrorCode } from '../errors/error-codes';
import type { Glossary } from '../expand/glossary';
import type { IndexSync } from '../index-sync/index-sync';
import type { Embedder } from '../models/embedder';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { Stores } from '../stores/open-stores';
import { WriteRefused, type WriteGuard } from '../stores/documents/document.store';
import { idNotAvailable, type WritePolicy } from '../auth/write-policy';
import { prepareDocument, type PreparedDocument } from './prepare';
import { validateDocument, type ValidationProblem } from './validate/document.schema';

export type IngestStatus = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'FAILED';

export interface IngestResult {
  index: number;
  id: string | null;
  title: string | null;
  status: IngestStatus;
  chunks: number;
  sections: string[];
  warnings: string[];
  error: { code: ErrorCode; message: string; problems: ValidationProblem[] } | null;
}

export interface IngestProgress {
  batchId: string;
  total: number;
  done: number;
  failed: number;
  lastId: string | null;
  finished: boolean;
}

export interface IngestOptions {
  onProgress?: (p: IngestProgress) => void;
  batchId?: string;
  /** Documents prepared and embedded together: bigger groups embed more efficiently, smaller report more often. */
  groupSize?: number;
  signal?: AbortSignal;
  /** Who may write what (the caller's); internal callers (seed, CLI) write anything. */
  policy?: WritePolicy;
}

export interface IngestDeps {
  stores: Stores;
  embedder: Embedder;
  catalogue: StatuteCatalogue;
  glossary: Glossary;
  sync: IndexSync;
  /** Called after any write, e.g. to clear the search cache. */
  onChange?: () => void;
}

const failure = (index: number, code: ErrorCode, message: string, problems: ValidationProblem[] = [], title: string | null = null, id: string | null = null): IngestResult => ({
  index, id, title, status: 'FAILED', chunks: 0, sections: [], warnings: [], error: { code, message, problems },
});

/**
 * The ingestion pipeline: validate → normalise → chunk → extract citations → embed → save (document,
 * chunks and outbox in one transaction) → apply the outbox to the vector index and the graph. One bad
 * document fails alone; nothing stored is touched by a document that fails.
 */
export class IngestService {
  private readonly inflight = new Set<Promise<IngestResult[]>>();
  private closing = false;

  constructor(private readonly deps: IngestDeps) {}

  async ingest(inputs: unknown[], opts: IngestOptions = {}): Promise<IngestResult[]> {
    if (this.closing) throw new AppError(ErrorCode.STORE_UNAVAILABLE, 'The server is shutting down; send the documents again once it is back');
    const run = this.run(inputs, opts);
    this.inflight.add(run);
    try {
      return await run;
    } finally {
      this.inflight.delete(run);
    }
  }

  /** For a graceful stop: refuses new batches and waits until the ones under way are saved and indexed. */
  async drain(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.inflight]);
  }

  private async run(inputs: unknown[], opts: IngestOptions): Promise<IngestResult[]> {
    const batchId = opts.batchId ?? randomUUID();
    const group = opts.groupSize ?? 32;
    const results: IngestResult[] = [];
    const progress = { batchId, total: inputs.length, done: 0, failed: 0, lastId: null as string | null, finished: false };
    const report = (done: number) => {
      const counted = results.slice(0, done);
      progress.done = done;
      progress.failed = counted.filter((r) => r.status === 'FAILED').length;
      progress.lastId = counted[done - 1]?.id ?? null;
      opts.onProgress?.({ ...progress });
    };
    // A group's index update (Chroma, Neo4j) runs while the next group is prepared, embedded and saved: the
    // model and the document store are not kept waiting on the other servers. One update in flight at a time,
    // and a group is reported done only once it is indexed.
    let indexing: Promise<void> = Promise.resolve();
    try {
      for (let start = 0; start < inputs.length; start += group) {
        if (opts.signal?.aborted) break;
        const written = await this.saveGroup(start, inputs.slice(start, start + group), opts, results);
        await indexing;
        const done = results.length;
        indexing = (written.length ? this.deps.sync.apply(written).then(() => undefined, () => undefined) : Promise.resolve())
          .then(() => report(done));
      }
    } finally {
      // Also when a group threw: the update in flight finishes before the batch ends (a graceful stop waits for it).
      await indexing;
    }
    progress.finished = true;
    report(results.length);
    return results.sort((a, b) => a.index - b.index);
  }

  /** Validates, prepares, embeds and saves one group; its results go to `results`; returns the ids written. */
  private async saveGroup(start: number, slice: unknown[], opts: IngestOptions, results: IngestResult[]): Promise<string[]> {
    const ready: { index: number; p: PreparedDocument }[] = [];
    let held = performance.now();
    for (const [offset, raw] of slice.entries()) {
      // Chunking and tokenising a long document holds the event loop: give requests a turn every ~50 ms.
      if (performance.now() - held > 50) {
        await nextTurn();
        held = performance.now();
      }
      const index = start + offset;
      const r = this.prepare(index, raw);
      if ('status' in r) results.push(r);
      else ready.push({ index, p: r });
    }
    // One read of what is stored per group, not one per document. Validation came first, so an invalid document
    // is INVALID_DOCUMENT whether or not its id is taken: the answer tells nothing about other districts' ids.
    const stored = await this.deps.stores.documents.existingDocuments(ready.map((x) => x.p.document.id));
    const prepared: { index: number; p: PreparedDocument; existing: string | null }[] = [];
    for (const x of ready) {
      const existing = stored.get(x.p.document.id) ?? null;
      const refusal = opts.policy?.refusal(x.p.document, existing);
      if (refusal) results.push(failure(x.index, ErrorCode.FORBIDDEN, refusal, [], x.p.document.title, x.p.document.id));
      else prepared.push({ ...x, existing: existing?.contentHash ?? null });
    }
    const toEmbed = prepared.filter((x) => x.existing !== x.p.document.contentHash);
    const vectors = await this.deps.embedder.embed(toEmbed.flatMap((x) => x.p.embedTexts), 'passage');
    let v = 0;
    for (const x of toEmbed) for (const c of x.p.chunks) c.embedding = vectors[v++];
    const savedTogether = await this.saveTogether(toEmbed, opts.policy?.guard);
    const written: string[] = [];
    for (const x of prepared) {
      const d = x.p.document;
      const base = { index: x.index, id: d.id, title: d.title, chunks: x.p.chunks.length, sections: d.sections, warnings: d.warnings, error: null };
      if (x.existing === d.contentHash) {
        results.push({ ...base, status: 'UNCHANGED' });
        continue;
      }
      try {
        if (!savedTogether) await this.deps.stores.documents.save(d, x.p.chunks, ['vector', 'graph'], opts.policy?.guard);
        results.push({ ...base, status: x.existing ? 'UPDATED' : 'CREATED' });
        written.push(d.id);
      } catch (err) {
        results.push(err instanceof WriteRefused
          ? failure(x.index, ErrorCode.FORBIDDEN, idNotAvailable(d.id), [], d.title, d.id)
          : failure(x.index, ErrorCode.STORE_UNAVAILABLE, `could not save: ${(err as Error).message.split('\n')[0]}`, [], d.title, d.id));
      }
    }
    if (written.length) this.deps.onChange?.();
    return written;
  }

  /**
   * Saves a group in one transaction; false when it is one document, or when the group failed as a whole (a
   * refused id, a store error), so that each document is then saved, and fails, on its own.
   */
  private async saveTogether(group: { p: PreparedDocument; existing: string | null }[], guard: WriteGuard | undefined): Promise<boolean> {
    if (group.length < 2) return false;
    try {
      await this.deps.stores.documents.saveMany(group.map((x) => ({ doc: x.p.document, chunks: x.p.chunks, replaces: x.existing !== null })), ['vector', 'graph'], guard);
      return true;
    } catch {
      return false;
    }
  }

  private prepare(index: number, raw: unknown): IngestResult | PreparedDocument {
    // What the caller called the document, kept on a failure so a batch's results can be matched to its inputs.
    const given = (k: 'id' | 'title') => {
      const v = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[k] : undefined;
      return typeof v === 'string' ? v.slice(0, 200) : null;
    };
    const checked = validateDocument(raw);
    if (!checked.ok) {
      const message = checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      return failure(index, ErrorCode.INVALID_DOCUMENT, message, checked.problems, given('title'), given('id'));
    }
    try {
      const p = prepareDocument(checked.value as DocumentInput, {
        count: (t) => this.deps.embedder.countTokens(t), catalogue: this.deps.catalogue, glossary: this.deps.glossary,
      });
      return p;
    } catch (err) {
      return failure(index, ErrorCode.INVALID_DOCUMENT, (err as Error).message.split('\n')[0], [], given('title'), given('id'));
    }
  }

  async delete(id: string): Promise<boolean> {
    const gone = await this.deps.stores.documents.delete(id, ['vector', 'graph']);
    if (gone) {
      this.deps.onChange?.();
      await this.deps.sync.apply([id]).catch(() => undefined);
    }
    return gone;
  }
}
