import { createHash } from 'node:crypto';
import pg from 'pg';
import { logger } from '../../logger';
import type { SqlClient } from './sql.client';

/**
 * PostgreSQL LISTEN/NOTIFY for the services profile, where several API processes share one database: what one
 * process does (a write, an ingest's progress) is announced to the others. Channels are global to the database,
 * so each is named after the deployment's namespace (schema): test namespaces and deployments never hear each
 * other. A notification is delivered only while connected, so a listener that reconnects tells its users that
 * they may have missed some (onReconnect).
 */

/** NOTIFY channels are identifiers (63 bytes at most): a digest of the namespace keeps them short and distinct. */
export function channelName(namespace: string, topic: string): string {
  return `nyaya_${topic}_${createHash('sha256').update(namespace).digest('hex').slice(0, 16)}`;
}

/** NOTIFY payloads must stay under 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 7900;

export async function notify(sql: SqlClient, channel: string, payload: string): Promise<void> {
  await sql.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
}

/** Runs DDL under a transaction-scoped advisory lock: two processes starting at once must not create the same objects together. */
export async function ddlUnderLock(sql: SqlClient, ddl: string, key = `nyaya-ddl:${sql.schema}`): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
    // Several statements, no parameters: pg sends this as a simple query.
    await tx.query(ddl);
  });
}

/**
 * Statement triggers that NOTIFY `channel` whenever documents or chunks change and whenever an outbox entry is
 * applied (deleted): whoever writes — this process, another instance, the seed CLI, an operator — every instance
 * hears it when the write commits, and not before (NOTIFY is transactional).
 */
export async function installChangeNotify(sql: SqlClient, channel: string): Promise<void> {
  await ddlUnderLock(sql, `
CREATE OR REPLACE FUNCTION {S}.notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${channel}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER documents_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {S}.documents
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.notify_changes();
CREATE OR REPLACE TRIGGER chunks_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {S}.chunks
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.notify_changes();
CREATE OR REPLACE TRIGGER outbox_applied_notify AFTER DELETE ON {S}.outbox
  FOR EACH STATEMENT EXECUTE FUNCTION {S}.notify_changes();`);
}

type Handler = (payload: string) => void;

/** One dedicated connection that LISTENs on the channels asked for, and reconnects (with back-off) when it is lost. */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnected = new Set<() => void>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private delayMs = 500;

  private constructor(private readonly url: string) {}

  static async open(url: string): Promise<PgListener> {
    const listener = new PgListener(url);
    await listener.connect();
    return listener;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  /** Calls `fn` with each payload NOTIFYed on `channel` (by any process, this one included) until the returned function is called. */
  async listen(channel: string, fn: Handler): Promise<() => void> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.client?.query(`LISTEN "${channel}"`);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Called after the connection came back: notifications sent meanwhile were lost. */
  onReconnect(fn: () => void): void {
    this.reconnected.add(fn);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000, keepAlive: true });
    client.on('notification', (m) => {
      for (const fn of this.handlers.get(m.channel) ?? []) {
        try {
          fn(m.payload ?? '');
        } catch (err) {
          logger.warn({ err: (err as Error).message, channel: m.channel }, 'notification handler failed');
        }
      }
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) await client.end().catch(() => undefined);
    else this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    logger.warn('PostgreSQL notifications: connection lost; reconnecting');
    this.schedule();
  }

  private schedule(): void {
    this.retry = setTimeout(() => {
      this.connect().then(() => {
        this.delayMs = 500;
        logger.info('PostgreSQL notifications: reconnected');
        for (const fn of this.reconnected) fn();
      }, () => {
        this.delayMs = Math.min(this.delayMs * 2, 30_000);
        if (!this.closed) this.schedule();
      });
    }, this.delayMs);
    this.retry.unref();
  }
}
