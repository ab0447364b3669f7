import { filter, pipe } from '@graphql-yoga/subscription';
import { LRUCache } from 'lru-cache';
import type { IngestProgress } from '../../ingest/ingest.service';
import { pubSub, Topics } from '../pubsub';

type Progress = IngestProgress & { principalId: string };

/** The latest progress of recent batches, so a client that subscribes late still learns where its batch stands. */
const latest = new LRUCache<string, Progress>({ max: 1000, ttl: 60 * 60 * 1000 });

export function publishProgress(p: Progress): void {
  latest.set(p.batchId, p);
  pubSub.publish(Topics.INGEST_PROGRESS, p);
}

/**
 * A batch's progress for one subscriber: the latest known state first (a subscriber that arrives after the batch
 * started, or even finished, is not left waiting for events that already went by), then live events.
 */
export async function* progressOf(batchId: string, visible: (p: Progress) => boolean): AsyncGenerator<Progress> {
  const live = pipe(pubSub.subscribe(Topics.INGEST_PROGRESS), filter((p: Progress) => p.batchId === batchId && visible(p)));
  const iterator = live[Symbol.asyncIterator]();
  // Start listening before reading the snapshot, so no event falls between the two.
  const next = iterator.next();
  let done = -1;
  try {
    const snapshot = latest.get(batchId);
    if (snapshot && visible(snapshot)) {
      done = snapshot.done;
      yield snapshot;
      if (snapshot.finished) return;
    }
    for (let r = await next; !r.done; r = await iterator.next()) {
      if (r.value.done < done) continue;
      done = r.value.done;
      yield r.value;
      if (r.value.finished) return;
    }
  } finally {
    await iterator.return?.();
  }
}
