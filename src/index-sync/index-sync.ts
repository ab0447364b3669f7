import { logger } from '../logger';
import type { OutboxEntry } from '../stores/documents/document.store';
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
export class IndexSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SyncReport> | undefined;

  constructor(private readonly stores: Stores) {}

  private async applyOne(e: OutboxEntry): Promise<void> {
    const { documents, vector, graph } = this.stores;
    const [doc] = await documents.getDocuments([e.documentId]);
    if (e.target === 'vector') {
      if (!doc) return vector.deleteDocument(e.documentId);
      const chunks = await documents.chunksOfDocuments([doc.id], true);
      return vector.replaceDocument(doc.id, chunks.filter((c) => c.embedding).map((c) => ({
        id: c.id, documentId: c.documentId, embedding: c.embedding!,
        metadata: { documentType: c.documentType, language: c.language, date: c.date, district: c.district, sectionId: c.sectionId, sections: c.sections },
      })));
    }
    if (!doc || doc.type === 'BARE_ACT_SECTION') return graph.deleteDocument(e.documentId);
    const node: GraphDocument = {
      id: doc.id, type: doc.type, title: doc.title, date: doc.date, district: doc.district, policeStation: doc.policeStation,
      language: doc.language, cites: doc.citations,
    };
    return graph.syncDocument(node);
  }

  /** Applies due entries (all of them, or those of the given documents) once; failures stay queued with back-off. */
  async apply(documentIds?: string[], limit = 500): Promise<SyncReport> {
    const pending = await this.stores.documents.pendingOutbox(documentIds ? 100_000 : limit);
    const wanted = documentIds ? new Set(documentIds) : null;
    let applied = 0;
    let failed = 0;
    // After one failure a target is skipped for the rest of this pass: a server that is down would
    // otherwise cost one timeout per document.
    const down = new Map<string, string>();
    for (const e of pending) {
      if (wanted && !wanted.has(e.documentId)) continue;
      if (down.has(e.target)) {
        failed++;
        await this.stores.documents.failOutbox(e, down.get(e.target)!);
        continue;
      }
      try {
        await this.applyOne(e);
        await this.stores.documents.completeOutbox(e);
        applied++;
      } catch (err) {
        failed++;
        down.set(e.target, (err as Error).message.split('\n')[0]);
        await this.stores.documents.failOutbox(e, (err as Error).message);
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
