import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { execute, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import type { App } from '../app/app';
import { checkHealth, startupOf, type StartupStatus } from '../app/health';
import { createContext, type GraphQLContext } from '../graphql/context';
import { formatError } from '../graphql/format-error';
import { sandboxPage, vendorRouter } from './sandbox';
import { apolloLimitOptions, graphqlBody, graphqlBodyErrors, limitsPlugin } from './limits.http';
import { wsLimitHooks } from './limits.ws';
import { mountExplorer } from './explorer/explorer.route';
import { Authenticator } from '../auth/authenticate';
import { wsAuthHooks, type WsAuthExtra } from './ws.auth';
import { degradedPlugin } from './degraded.plugin';
import { serveGraphqlWs } from './ws.adapter';
import { clientAddressReader } from './client-address';
import { ErrorCode } from '../errors/error-codes';

export const GRAPHQL_PATH = '/graphql';

export interface RunningServer {
  url: string;
  port: number;
  http: http.Server;
  stop(): Promise<void>;
}

export interface EarlyServer {
  url: string;
  port: number;
  http: http.Server;
  close(): Promise<void>;
}

/** Only `{ health }` (and `__typename`) can be answered before the app exists. */
function healthOnly(doc: DocumentNode): boolean {
  return doc.definitions.every((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'query'
    && d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && (s.name.value === 'health' || s.name.value === '__typename')));
}

/**
 * Listens before the app exists (loading the models and opening the stores takes ~20 s on a fresh, loaded
 * machine), answering /healthz, /readyz (503) and `{ health }` with the start's progress; anything else is told
 * to come back. startServer then takes the same socket over, so no connection is refused in between.
 */
export async function listenEarly(schema: GraphQLSchema, port: number, host: string, status: StartupStatus): Promise<EarlyServer> {
  const early = express();
  early.disable('x-powered-by');
  const starting = (res: express.Response) => res.set('Retry-After', '5').status(503)
    .json({ errors: [{ message: `The server is starting (${status.phase}); retry shortly`, extensions: { code: ErrorCode.STORE_UNAVAILABLE } }] });
  early.get('/healthz', (_req, res) => res.json({ status: 'ok', starting: true }));
  early.get('/readyz', (_req, res) => res.status(503).json({ ready: false, seed: status.snapshot(), components: [] }));
  early.all(GRAPHQL_PATH, express.json({ limit: '20kb' }), async (req, res) => {
    const body = (req.method === 'POST' ? req.body : req.query) as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    let doc: DocumentNode;
    try {
      doc = parse(String(body?.query ?? ''));
    } catch {
      return starting(res);
    }
    if (!healthOnly(doc) || validate(schema, doc).length) return starting(res);
    const result = await execute({
      schema, document: doc, operationName: typeof body?.operationName === 'string' ? body.operationName : undefined,
      variableValues: typeof body?.variables === 'object' && body.variables ? (body.variables as Record<string, unknown>) : undefined,
      // The health resolver reads the start's progress when there is no app yet; nothing else runs here.
      contextValue: { app: undefined, requestId: randomUUID(), missingSources: new Set() },
    });
    res.json(result);
  });
  early.use((_req, res) => starting(res));
  const httpServer = http.createServer(early);
  return {
    ...(await listening(httpServer, port, host)),
    http: httpServer,
    close: () => new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    }),
  };
}

/**
 * Apollo Server (HTTP) and graphql-ws (WebSocket) on one HTTP server and one path; on `early`'s socket when
 * given (it stops answering for itself), else on a new one.
 */
export async function startServer(app: App, schema: GraphQLSchema, port: number, host = '127.0.0.1', early?: EarlyServer): Promise<RunningServer> {
  const expressApp = express();
  const httpServer = early?.http ?? http.createServer(expressApp);

  const authenticator = new Authenticator(app.config.auth);
  const wsAuth = wsAuthHooks(authenticator);
  const { limits, production } = app.config;
  const wsLimits = wsLimitHooks(schema, app.config);
  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH, maxPayload: limits.requestMaxBytes });
  const clientAddress = clientAddressReader(app.config.trustProxy);
  const wsCleanup = serveGraphqlWs<Record<string, unknown> | undefined, WsAuthExtra>(
    {
      schema,
      onConnect: (ctx) => wsAuth.onConnect(ctx),
      onSubscribe: (ctx, _id, payload) => wsAuth.checkSubscribe(ctx) ?? wsLimits.onSubscribe(payload),
      onNext: (_ctx, _id, _payload, _args, result) => wsLimits.onNext(result),
      onError: (_ctx, _id, _payload, errors) => wsLimits.onError(errors),
      onClose: (ctx) => wsAuth.onClose(ctx),
      context: (ctx) => createContext(app, randomUUID(), wsAuth.principal(ctx), clientAddress(ctx.extra.request)),
    },
    wsServer,
    production,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: (formatted, error) => formatError(formatted, error, app.config.production),
    introspection: !app.config.production,
    // The process stops itself (src/index.ts: the seed first, then this server, then the stores); Apollo's own
    // handler would stop only this server and send the signal again.
    stopOnTerminationSignals: false,
    ...apolloLimitOptions(limits, production),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      degradedPlugin,
      limitsPlugin(limits),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
    ],
  });
  await apollo.start();

  expressApp.disable('x-powered-by');
  // Once stopping, new requests are told at once to come back, instead of waiting on a server that will not answer.
  let stopping = false;
  expressApp.use((_req, res, next) => {
    if (!stopping) return next();
    res.set({ 'Retry-After': '5', Connection: 'close' }).status(503)
      .json({ errors: [{ message: 'The server is shutting down; retry shortly', extensions: { code: ErrorCode.STORE_UNAVAILABLE } }] });
  });
  expressApp.use('/vendor', vendorRouter());
  expressApp.get('/', (_req, res) => res.redirect('/sandbox'));
  expressApp.get('/sandbox', (_req, res) => res.type('html').send(sandboxPage(GRAPHQL_PATH)));
  mountExplorer(expressApp, GRAPHQL_PATH);
  expressApp.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  // Ready: every store answers and search has its full corpus (the start-up seed, when there is one, is done).
  expressApp.get('/readyz', async (_req, res) => {
    const startup = startupOf(app);
    const components = await checkHealth(app);
    const ready = components.every((c) => c.kind !== 'store' || c.status === 'up') && (startup?.ready ?? true);
    res.status(ready ? 200 : 503).json({ ready, seed: startup?.snapshot() ?? null, components });
  });
  expressApp.get(GRAPHQL_PATH, (req, res, next) => {
    // A browser opening the endpoint gets the sandbox; GET queries from clients go on to Apollo.
    if (!req.query.query && req.accepts(['html', 'json']) === 'html') return res.type('html').send(sandboxPage(GRAPHQL_PATH));
    next();
  });
  expressApp.use(
    GRAPHQL_PATH,
    ...graphqlBody(limits),
    expressMiddleware(apollo, { context: async ({ req }) => createContext(app, randomUUID(), await authenticator.fromHeaders(req.headers), clientAddress(req)) }),
    graphqlBodyErrors(limits),
  );
  // Anything else is a client's mistake, answered in JSON like the API, not with Express's HTML page.
  expressApp.use((req, res) => {
    res.status(404).json({ errors: [{ message: `No route ${req.method} ${req.path.slice(0, 200)}; the API is at ${GRAPHQL_PATH}`, extensions: { code: ErrorCode.NOT_FOUND } }] });
  });

  if (early) {
    httpServer.removeAllListeners('request');
    httpServer.on('request', expressApp);
  }
  return {
    ...(await listening(httpServer, port, host)),
    http: httpServer,
    stop: async () => {
      stopping = true;
      await apollo.stop();
      wsServer.close();
    },
  };
}

/** Listens, unless the early server already does on this socket, and says where. */
async function listening(httpServer: http.Server, port: number, host: string): Promise<{ url: string; port: number }> {
  if (!httpServer.listening) {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(port, host, () => resolve());
    });
  }
  const address = httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' ? 'localhost' : host;
  return { url: `http://${shownHost}:${actualPort}${GRAPHQL_PATH}`, port: actualPort };
}
