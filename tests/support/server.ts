import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createApp, type App } from '../../src/app/app';
import { getSchema } from '../../src/graphql/schema';
import { startServer, type RunningServer } from '../../src/server/http.server';
import { dropTestStores, testConfig, uniqueNamespace, type Profile } from './profiles';

export interface TestServer {
  app: App;
  server: RunningServer;
  /** POSTs a GraphQL operation and returns the parsed JSON body with the HTTP status. */
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>):
    Promise<{ status: number; body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } }>;
  ws(): ReturnType<typeof createClient>;
  close(): Promise<void>;
}

/** A real server on a free port, over real stores in a namespace of its own. */
export async function startTestServer(profile: Profile, env: Record<string, string> = {}): Promise<TestServer> {
  const config = testConfig(profile, { RERANKER_MODEL: 'tiny-random-cross-encoder', ...env });
  const app = await createApp(config, { namespace: uniqueNamespace('srv'), inMemory: true });
  const server = await startServer(app, await getSchema(), 0, '127.0.0.1');
  const clients: ReturnType<typeof createClient>[] = [];
  return {
    app,
    server,
    async gql(query, variables, headers) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(headers ?? {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    ws() {
      const client = createClient({ url: server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.dispose()));
      await server.stop();
      await dropTestStores(app.stores);
    },
  };
}
