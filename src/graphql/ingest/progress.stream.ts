import { filter, pipe } from '@graphql-yoga/subscription';
import type { Progress, ProgressFeed } from '../pubsub';

/** How far a batch has got: later events rank higher; the final event repeats the count with `finished` set. */
const rank = (p: Progress) => p.done * 2 + (p.finished ? 1 : 0);

/**
 * A batch's progress for one subscriber: the latest known state first (a subscriber that arrives after the batch
 * started, or even finished, is not left waiting for events that already went by), then live events. The feed
 * is the app's (pubsub.ts): on the services profile it carries other instances' batches too.
 */
export async function* progressOf(feed: ProgressFeed, batchId: string, visible: (p: Progress) => boolean): AsyncGenerator<Progress> {
  const live = pipe(feed.events(), filter((p: Progress) => p.batchId === batchId && visible(p)));
  const iterator = live[Symbol.asyncIterator]();
  // Start listening before reading the snapshot, so no event falls between the two.
  const next = iterator.next();
  let seen = -1;
  try {
    const snapshot = await feed.latest(batchId);
    if (snapshot && visible(snapshot)) {
      seen = rank(snapshot);
      yield snapshot;
      if (snapshot.finished) return;
    }
    for (let r = await next; !r.done; r = await iterator.next()) {
      // Events already covered by the snapshot (or heard twice) are skipped.
      if (rank(r.value) <= seen) continue;
      seen = rank(r.value);
      yield r.value;
      if (r.value.finished) return;
    }
  } finally {
    await iterator.return?.();
  }
}
