import { createPubSub } from '@graphql-yoga/subscription';
import type { IngestProgress } from '../ingest/ingest.service';

/** In-process topics for subscriptions (one process; a multi-instance deployment would swap in Redis). */
export const pubSub = createPubSub<{
  INGEST_PROGRESS: [IngestProgress & { principalId: string }];
}>();

export const Topics = { INGEST_PROGRESS: 'INGEST_PROGRESS' } as const;
