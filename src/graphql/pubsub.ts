import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import type { IngestProgress } from '../ingest/ingest.service';
import { logger } from '../logger';
import { channelName, ddlUnderLock, MAX_PAYLOAD_BYTES, type PgListener } from '../stores/sql/notify';
import type { SqlClient } from '../stores/sql/sql.client';

export type Progress = IngestProgress & { principalId: string };

type Topic = { INGEST_PROGRESS: [Progress] };

/** In-process topics handed to type-graphql; each app's progress feed keeps its own (below). */
export const pubSub = createPubSub<Topic>();

export const Topics = { INGEST_PROGRESS: 'INGEST_PROGRESS' } as const;

/** Where ingest progress is published, followed, and the latest state of a batch looked up. */
export interface ProgressFeed {
  publish(p: Progress): void;
  /** Every progress event this instance hears of (its own and, on the services profile, other instances'). */
  events(): AsyncIterable<Progress>;
  latest(batchId: string): Promise<Progress | undefined>;
  close(): Promise<void>;
}

/** One process (embedded profile): an in-process topic and the latest state of recent batches in memory. */
export class LocalProgressFeed implements ProgressFeed {
  protected readonly topic: PubSub<Topic> = createPubSub<Topic>();
  protected readonly recent = new LRUCache<string, Progress>({ max: 1000, ttl: 60 * 60 * 1000 });

  publish(p: Progress): void {
    this.local(p);
  }

  /** To this process's subscribers only. */
  protected local(p: Progress): void {
    this.recent.set(p.batchId, p);
    this.topic.publish(Topics.INGEST_PROGRESS, p);
  }

  events(): AsyncIterable<Progress> {
    return this.topic.subscribe(Topics.INGEST_PROGRESS);
  }

  async latest(batchId: string): Promise<Progress | undefined> {
    return this.recent.get(batchId);
  }

  async close(): Promise<void> {}
}

const DDL = `CREATE TABLE IF NOT EXISTS {S}.ingest_progress (
  batch_id text PRIMARY KEY,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/** A batch's latest state is kept this long (as the in-memory feed keeps it). */
const KEEP = `interval '1 hour'`;

/**
 * Services profile, several API instances: each event is published locally, written as the batch's latest state
 * to `ingest_progress` and NOTIFYed in the same statement; events NOTIFYed by other instances are re-published
 * locally. A subscriber on any instance thus follows a batch started on any other, and finds its latest state
 * in the table. The payload is the event (a few hundred bytes); one too large for NOTIFY carries only the batch
 * id and is read from the table.
 */
export class SharedProgressFeed extends LocalProgressFeed {
  private readonly instance = randomBytes(6).toString('hex');
  private writes: Promise<void> = Promise.resolve();
  private stop: () => void = () => undefined;

  private constructor(private readonly sql: SqlClient, private readonly channel: string) {
    super();
  }

  static async open(sql: SqlClient, listener: PgListener): Promise<SharedProgressFeed> {
    await ddlUnderLock(sql, DDL);
    const feed = new SharedProgressFeed(sql, channelName(sql.schema, 'progress'));
    feed.stop = await listener.listen(feed.channel, (payload) => void feed.heard(payload));
    // Notifications sent while the connection was down are lost: re-read what moved lately.
    listener.onReconnect(() => void feed.recentStates().then((states) => states.forEach((p) => feed.local(p)), () => undefined));
    return feed;
  }

  override publish(p: Progress): void {
    this.local(p);
    const full = JSON.stringify({ from: this.instance, p });
    const payload = Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : JSON.stringify({ from: this.instance, batchId: p.batchId });
    // In order: a batch's states reach the table and the other instances as they happened.
    this.writes = this.writes.then(() => this.write(p, payload)).catch((err: Error) => {
      logger.warn({ err: err.message, batchId: p.batchId }, 'ingest progress not shared with other instances');
    });
  }

  override async latest(batchId: string): Promise<Progress | undefined> {
    try {
      const [row] = await this.sql.query<{ state: Progress }>(
        `SELECT state FROM {S}.ingest_progress WHERE batch_id = $1 AND updated_at > now() - ${KEEP}`, [batchId]);
      return row?.state ?? (await super.latest(batchId));
    } catch {
      return super.latest(batchId);
    }
  }

  override async close(): Promise<void> {
    this.stop();
    await this.writes;
  }

  private async write(p: Progress, payload: string): Promise<void> {
    // A late write never replaces a newer state (its done count is lower).
    await this.sql.query(
      `WITH up AS (
         INSERT INTO {S}.ingest_progress AS x (batch_id, state) VALUES ($1, $2::jsonb)
         ON CONFLICT (batch_id) DO UPDATE SET state = excluded.state, updated_at = now()
         WHERE (x.state->>'done')::int <= (excluded.state->>'done')::int
         RETURNING 1)
       SELECT pg_notify($3, $4)`,
      [p.batchId, JSON.stringify(p), this.channel, payload]);
    if (p.finished) await this.sql.query(`DELETE FROM {S}.ingest_progress WHERE updated_at < now() - ${KEEP}`);
  }

  private async heard(payload: string): Promise<void> {
    let message: { from?: string; p?: Progress; batchId?: string };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.from === this.instance) return;
    const p = message.p ?? (message.batchId ? await this.latest(message.batchId).catch(() => undefined) : undefined);
    if (p) this.local(p);
  }

  private async recentStates(): Promise<Progress[]> {
    const rows = await this.sql.query<{ state: Progress }>(`SELECT state FROM {S}.ingest_progress WHERE updated_at > now() - interval '10 minutes'`);
    return rows.map((r) => r.state);
  }
}
