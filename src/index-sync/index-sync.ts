import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
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

/** Documents per batched store write. */
const BATCH = 64;

/** How long a pass holds the entries it claimed without renewing (it renews every third of this while alive). */
export const LEASE_SECONDS = 15;

export interface IndexSyncOptions {
  leaseSeconds?: number;
  /** Names this process in the outbox's claimed_by (tests give two syncs in one process different names). */
  instance?: string;
}

/**
 * Brings the vector index and the graph in line with the document store by applying the outbox. Each entry
 * says only "make target T match document D now", so applying it twice, or after a newer write, is
 * harmless: the current state is read from the source of truth at apply time.
 */
export class IndexSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SyncReport> | undefined;
  private passes = 0;
  readonly instance: string;
  private readonly leaseSeconds: number;

  constructor(private readonly stores: Stores, opts: IndexSyncOptions = {}) {
    this.instance = opts.instance ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseSeconds = opts.leaseSeconds ?? LEASE_SECONDS;
  }

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
   * failures stay queued with back-off. Entries are leased to this pass first (see outbox.sql.ts), so passes of
   * other processes, or of this one, never apply the same entry at once, and a pass that dies gives its entries
   * to the next claim once its lease runs out. With documents given, a pass also waits (up to a lease) for the
   * entries of those documents another pass holds, so an ingest returns once its documents are indexed, as it
   * did when nothing else applied the outbox.
   */
  async apply(documentIds?: string[], limit = 500): Promise<SyncReport> {
    // A full pass waits for this process's background pass: entries it holds would otherwise look like work that
    // cannot be done (the seed settles until a pass applies nothing).
    if (!documentIds) await this.running?.catch(() => undefined);
    return this.pass(documentIds, limit);
  }

  private async pass(documentIds: string[] | undefined, limit: number): Promise<SyncReport> {
    const { documents } = this.stores;
    const claimant = `${this.instance}#${++this.passes}`;
    const heartbeat = setInterval(() => {
      documents.renewOutbox(claimant, this.leaseSeconds).catch(() => undefined);
    }, (this.leaseSeconds * 1000) / 3);
    heartbeat.unref();
    const total = { applied: 0, failed: 0 };
    const until = Date.now() + this.leaseSeconds * 1000 + 5000;
    try {
      for (;;) {
        const claimed = await documents.claimOutbox(claimant, this.leaseSeconds, documentIds ? documentIds.length * 2 : limit, documentIds);
        const r = await this.applyClaimed(claimed);
        total.applied += r.applied;
        total.failed += r.failed;
        if (!documentIds?.length || Date.now() > until || !(await documents.outboxHeldByOthers(documentIds, claimant))) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      clearInterval(heartbeat);
      // Whatever an error left held goes back at once instead of after the lease.
      await documents.releaseOutbox(claimant).catch(() => undefined);
    }
    const left = await documents.pendingCount();
    if (total.failed) logger.warn({ failed: total.failed, pending: left }, 'index updates failed and stay queued');
    return { ...total, pending: left };
  }

  /**
   * Applies entries this pass holds, the vector index and the graph at once (they are different servers). A batch
   * that fails is retried entry by entry, so one bad document cannot hold the others back; after one failure there
   * the target is skipped for the rest of the pass, as a server that is down would otherwise cost one timeout per
   * document.
   */
  private async applyClaimed(due: OutboxEntry[]): Promise<{ applied: number; failed: number }> {
    const each = await Promise.all((['vector', 'graph'] as const).map((target) => this.applyTarget(target, due.filter((e) => e.target === target))));
    return { applied: each[0].applied + each[1].applied, failed: each[0].failed + each[1].failed };
  }

  private async applyTarget(target: OutboxTarget, entries: OutboxEntry[]): Promise<{ applied: number; failed: number }> {
    let applied = 0;
    let failed = 0;
    let down: string | undefined;
    const fail = async (e: OutboxEntry, message: string) => {
      failed++;
      await this.stores.documents.failOutbox(e, message);
    };
    for (let i = 0; i < entries.length; i += BATCH) {
      const batch = entries.slice(i, i + BATCH);
      if (down !== undefined) {
        for (const e of batch) await fail(e, down);
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
        if (down !== undefined) {
          await fail(e, down);
          continue;
        }
        try {
          await this.applyBatch(target, [e.documentId]);
          await this.stores.documents.completeOutbox(e);
          applied++;
        } catch (err) {
          down = (err as Error).message.split('\n')[0];
          await fail(e, (err as Error).message);
        }
      }
    }
    return { applied, failed };
  }

  /** One pass at a time: the reconciler and an ingest may both ask. */
  applyPending(): Promise<SyncReport> {
    this.running ??= this.pass(undefined, 500).finally(() => (this.running = undefined));
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
