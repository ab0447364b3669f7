import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import type { App } from '../app/app';
import { checkHealth } from '../app/health';
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

/** Apollo Server (HTTP) and graphql-ws (WebSocket) on one HTTP server and one path. */
export async function startServer(app: App, schema: GraphQLSchema, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const expressApp = express();
  const httpServer = http.createServer(expressApp);

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
  expressApp.get('/readyz', async (_req, res) => {
    const components = await checkHealth(app);
    const ready = components.every((c) => c.kind !== 'store' || c.status === 'up');
    res.status(ready ? 200 : 503).json({ ready, components });
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

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const address = httpServer.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' ? 'localhost' : host;
  return {
    url: `http://${shownHost}:${actualPort}${GRAPHQL_PATH}`,
    port: actualPort,
    http: httpServer,
    stop: async () => {
      stopping = true;
      await apollo.stop();
      wsServer.close();
    },
  };
}
