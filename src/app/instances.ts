import type { Config } from '../config/config';
import { AskRateLimiter } from '../auth/rate-limit';
import { LocalProgressFeed, SharedProgressFeed, type ProgressFeed } from '../graphql/pubsub';
import type { Stores } from '../stores/open-stores';
import { channelName, installChangeNotify, PgListener } from '../stores/sql/notify';
import { followSharedChanges, type ChangeSignal } from './change-signal';

/** What an API process shares with the other instances of its deployment. */
export interface InstanceLinks {
  askLimiter: AskRateLimiter;
  progress: ProgressFeed;
  close(): Promise<void>;
}

/**
 * The embedded profile is one process by nature: limits, cache invalidation and ingest progress stay in memory.
 * On the services profile several API processes share one PostgreSQL, so the ask budget is counted there, writes
 * by any process clear every process's search cache, and ingest progress reaches subscribers on every process
 * (LISTEN/NOTIFY on one dedicated connection). The outbox needs nothing here: its entries are leased (IndexSync).
 */
export async function linkInstances(config: Config, stores: Stores, changes: ChangeSignal): Promise<InstanceLinks> {
  if (stores.profile !== 'services') {
    return { askLimiter: new AskRateLimiter(config.askRatePerMinute), progress: new LocalProgressFeed(), close: async () => undefined };
  }
  const listener = await PgListener.open(config.databaseUrl);
  try {
    const channel = channelName(stores.sql.schema, 'changes');
    await installChangeNotify(stores.sql, channel);
    await followSharedChanges(changes, listener, channel);
    const progress = await SharedProgressFeed.open(stores.sql, listener);
    const askLimiter = await AskRateLimiter.shared(config.askRatePerMinute, stores.sql, config.databaseUrl);
    return {
      askLimiter, progress,
      close: async () => {
        await progress.close();
        await Promise.allSettled([askLimiter.close(), listener.close()]);
      },
    };
  } catch (err) {
    await listener.close();
    throw err;
  }
}
