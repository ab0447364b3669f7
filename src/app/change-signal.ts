import type { PgListener } from '../stores/sql/notify';

/** A tiny in-process signal: listeners run after each write to the stores (cache invalidation). */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();
  private generation = 0;

  get version(): number {
    return this.generation;
  }

  on(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  fire(): void {
    this.generation++;
    for (const fn of this.listeners) fn();
  }
}

/**
 * Services profile: fires `changes` for writes made by any process on the same database too. Triggers NOTIFY
 * `channel` when documents, chunks or the outbox change (notify.ts), so a write through another instance — a
 * delete that touches no chunk included — clears this instance's cached searches as soon as it commits. After a
 * lost connection the signal fires once, as the notifications sent meanwhile are gone.
 */
export async function followSharedChanges(changes: ChangeSignal, listener: PgListener, channel: string): Promise<() => void> {
  listener.onReconnect(() => changes.fire());
  return listener.listen(channel, () => changes.fire());
}
