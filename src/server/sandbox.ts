import path from 'node:path';
import express, { type Router } from 'express';
import { fromRoot } from '../util/paths';

/**
 * A GraphiQL page served entirely from node_modules, so it works on a machine with no internet
 * (Apollo's own landing page loads its sandbox from a CDN). Subscriptions go over graphql-ws.
 */
const VENDOR: Record<string, string> = {
  'react.min.js': 'react/umd/react.production.min.js',
  'react-dom.min.js': 'react-dom/umd/react-dom.production.min.js',
  'graphiql.min.js': 'graphiql/graphiql.min.js',
  'graphiql.min.css': 'graphiql/graphiql.min.css',
  'graphql-ws.min.js': 'graphql-ws/umd/graphql-ws.min.js',
};

const DEFAULT_QUERY = `# Nyaya Graph — try:
{
  health { status profile components { name status latencyMs detail } }
}
`;

export function sandboxPage(graphqlPath: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nyaya Graph — GraphQL sandbox</title>
<link rel="stylesheet" href="/vendor/graphiql.min.css">
<style>html,body,#root{height:100%;margin:0}</style></head>
<body><div id="root"></div>
<script src="/vendor/react.min.js"></script>
<script src="/vendor/react-dom.min.js"></script>
<script src="/vendor/graphql-ws.min.js"></script>
<script src="/vendor/graphiql.min.js"></script>
<script>
  const url = new URL(${JSON.stringify(graphqlPath)}, location.href);
  const wsUrl = url.href.replace(/^http/, 'ws');
  const fetcher = GraphiQL.createFetcher({ url: url.href, wsClient: graphqlWs.createClient({ url: wsUrl }) });
  ReactDOM.render(React.createElement(GraphiQL, { fetcher, defaultQuery: ${JSON.stringify(DEFAULT_QUERY)} }),
    document.getElementById('root'));
</script></body></html>`;
}

export function vendorRouter(): Router {
  const router = express.Router();
  for (const [name, rel] of Object.entries(VENDOR)) {
    const file = path.join(fromRoot('node_modules'), rel);
    router.get(`/${name}`, (_req, res) => res.sendFile(file, { maxAge: '1d' }));
  }
  return router;
}
