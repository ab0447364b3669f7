import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createApp, type App } from '../../src/app/app';
import { getSchema } from '../../src/graphql/schema';
import { startServer, type RunningServer } from '../../src/server/http.server';
import { mintToken } from '../../src/auth/token';
import type { Role } from '../../src/auth/principal';
import { dropTestStores, testConfig, uniqueNamespace, type Profile } from './profiles';

export interface TestServer {
  app: App;
  server: RunningServer;
  /** A token for a principal of this server (ADMIN everywhere unless asked otherwise). */
  token(role?: Role, districts?: string[], expiresIn?: string | number): Promise<string>;
  /**
   * POSTs a GraphQL operation and returns the parsed JSON body with the HTTP status. Sent as ADMIN unless
   * `headers` carries its own authorization (an empty string means anonymous).
   */
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>):
    Promise<{ status: number; body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] } }>;
  /** A graphql-ws client, connecting as ADMIN unless given connection params (`{}` for anonymous). */
  ws(connectionParams?: Record<string, unknown>): ReturnType<typeof createClient>;
  close(): Promise<void>;
}

/** A real server on a free port, over real stores in a namespace of its own. */
export async function startTestServer(profile: Profile, env: Record<string, string> = {}): Promise<TestServer> {
  const config = testConfig(profile, { RERANKER_MODEL: 'tiny-random-cross-encoder', ...env });
  const app = await createApp(config, { namespace: uniqueNamespace('srv'), inMemory: true });
  const server = await startServer(app, await getSchema(), 0, '127.0.0.1');
  const clients: ReturnType<typeof createClient>[] = [];
  const token = (role: Role = 'ADMIN', districts: string[] = [], expiresIn: string | number = '1h') =>
    mintToken(app.config.auth, { sub: `test-${role.toLowerCase()}-${districts.join('-') || 'all'}`, role, districts }, expiresIn);
  const admin = `Bearer ${await token()}`;
  return {
    app,
    server,
    token,
    async gql(query, variables, headers) {
      const given = Object.keys(headers ?? {}).some((h) => ['authorization', 'x-api-key'].includes(h.toLowerCase()));
      const auth: Record<string, string> = given ? {} : { authorization: admin };
      const sent = Object.fromEntries(Object.entries({ ...auth, ...(headers ?? {}) }).filter(([, v]) => v !== ''));
      const send = () => fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sent },
        body: JSON.stringify({ query, variables }),
      });
      // A test that blocked the event loop (stopping a server synchronously) finds its idle keep-alive socket
      // closed by the server; that is the client's stale socket, not an answer, so send once more.
      const res = await send().catch((err: { cause?: { code?: string } }) => {
        if (err.cause?.code === 'ECONNRESET') return send();
        throw err;
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    ws(connectionParams) {
      const client = createClient({
        url: server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: true,
        connectionParams: connectionParams ?? { authorization: admin },
      });
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
