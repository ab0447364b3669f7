import { logger } from '../logger';
import type { OutboxEntry, OutboxTarget } from '../stores/documents/document.store';
import type { VectorItem } from '../stores/store.types';
import type { Stores } from '../stores/open-stores';
import type { GraphDocument } from '../stores/graph/graph.types';

export interface SyncReport {
  applied: number;
  failed: number;
  pending: number;
}

/**
 * Brings the vector index and the graph in line with the document store by applying the outbox. Each entry
 * says only "make target T match document D now", so applying it twice, or after a newer write, is
 * harmless: the current state is read from the source of truth at apply time.
 */
/** Documents per batched store write. */
const BATCH = 64;

export class IndexSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SyncReport> | undefined;

  constructor(private readonly stores: Stores) {}

  /**
   * Makes `target` match the document store for these documents, in a handful of round trips whatever their
   * number: one read of the documents, one of their chunks, one batched write per store.
   */
  private async applyBatch(target: OutboxTarget, documentIds: string[]): Promise<void> {
    const { documents, vector, graph } = this.stores;
    const docs = await documents.getDocuments(documentIds);
    const present = new Set(docs.map((d) => d.id));
    const gone = documentIds.filter((id) => !present.has(id));
    if (target === 'vector') {
      const chunks = await documents.chunksOfDocuments([...present], true);
      const items = new Map<string, VectorItem[]>([...present].map((id) => [id, []]));
      for (const c of chunks) {
        if (!c.embedding) continue;
        items.get(c.documentId)!.push({
          id: c.id, documentId: c.documentId, embedding: c.embedding,
          metadata: { documentType: c.documentType, language: c.language, date: c.date, district: c.district, sectionId: c.sectionId, sections: c.sections },
        });
      }
      await vector.replaceDocuments([...items].map(([documentId, list]) => ({ documentId, items: list })));
      await vector.deleteDocuments(gone);
      return;
    }
    // Bare-act sections are sections in the graph, not documents citing them.
    const live = docs.filter((d) => d.type !== 'BARE_ACT_SECTION');
    await graph.deleteDocuments([...gone, ...docs.filter((d) => d.type === 'BARE_ACT_SECTION').map((d) => d.id)]);
    await graph.syncDocuments(live.map((doc): GraphDocument => ({
      id: doc.id, type: doc.type, title: doc.title, date: doc.date, district: doc.district, policeStation: doc.policeStation,
      language: doc.language, cites: doc.citations,
    })));
  }

  /**
   * Applies due entries (all of them, or those of the given documents) once, BATCH documents per store write;
   * failures stay queued with back-off. A batch that fails is retried entry by entry, so one bad document
   * cannot hold the others back; after one failure there the target is skipped for the rest of the pass, as a
   * server that is down would otherwise cost one timeout per document.
   */
  async apply(documentIds?: string[], limit = 500): Promise<SyncReport> {
    const pending = await this.stores.documents.pendingOutbox(documentIds ? 100_000 : limit);
    const wanted = documentIds ? new Set(documentIds) : null;
    const due = pending.filter((e) => !wanted || wanted.has(e.documentId));
    let applied = 0;
    let failed = 0;
    const down = new Map<string, string>();
    const fail = async (e: OutboxEntry, message: string) => {
      failed++;
      await this.stores.documents.failOutbox(e, message);
    };
    for (const target of ['vector', 'graph'] as const) {
      const entries = due.filter((e) => e.target === target);
      for (let i = 0; i < entries.length; i += BATCH) {
        const batch = entries.slice(i, i + BATCH);
        if (down.has(target)) {
          for (const e of batch) await fail(e, down.get(target)!);
          continue;
        }
        try {
          await this.applyBatch(target, [...new Set(batch.map((e) => e.documentId))]);
          await this.stores.documents.completeOutboxMany(batch);
          applied += batch.length;
          continue;
        } catch {
          // Fall through to one entry at a time.
        }
        for (const e of batch) {
          if (down.has(target)) {
            await fail(e, down.get(target)!);
            continue;
          }
          try {
            await this.applyBatch(target, [e.documentId]);
            await this.stores.documents.completeOutbox(e);
            applied++;
          } catch (err) {
            down.set(target, (err as Error).message.split('\n')[0]);
            await fail(e, (err as Error).message);
          }
        }
      }
    }
    const { pending: left } = await this.stores.documents.counts();
    if (failed) logger.warn({ failed, pending: left }, 'index updates failed and stay queued');
    return { applied, failed, pending: left };
  }

  /** One pass at a time: the reconciler and an ingest may both ask. */
  applyPending(): Promise<SyncReport> {
    this.running ??= this.apply().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Compares which documents each store holds and queues every difference: recovers from anything the
   * outbox could not see (a store wiped or restored from an old backup).
   */
  async reconcile(): Promise<{ queued: number }> {
    const { documents, vector, graph } = this.stores;
    const truth = await documents.getDocuments(await documents.listDocumentIds());
    const inTruth = new Set(truth.map((d) => d.id));
    const [vecIds, graphIds] = await Promise.all([vector.documentIds(), graph.documentIds()]);
    const inVector = new Set(vecIds);
    const inGraph = new Set(graphIds);
    const vectorWork = [...truth.filter((d) => !inVector.has(d.id)).map((d) => d.id), ...vecIds.filter((id) => !inTruth.has(id))];
    const graphWork = [
      ...truth.filter((d) => d.type !== 'BARE_ACT_SECTION' && !inGraph.has(d.id)).map((d) => d.id),
      ...graphIds.filter((id) => !inTruth.has(id)),
    ];
    if (vectorWork.length) await documents.queue(vectorWork, ['vector']);
    if (graphWork.length) await documents.queue(graphWork, ['graph']);
    return { queued: vectorWork.length + graphWork.length };
  }

  /** Retries queued work every `intervalMs` until stopped. */
  start(intervalMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.applyPending().catch((err) => logger.warn({ err: (err as Error).message }, 'reconciler pass failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
