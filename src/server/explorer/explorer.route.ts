import express, { type Express } from 'express';
import { fromRoot } from '../../util/paths';
import { explorerPage } from './explorer.page';

export const EXPLORER_PATH = '/explorer';

/**
 * The analysts' graph explorer: a page that talks only to the GraphQL API. Its scripts live in public/explorer
 * (resolved from the project root, so the same files serve from src/ under tests and from dist/ when built) and
 * cytoscape comes from node_modules, never a CDN: the service runs on machines without internet.
 */
export function mountExplorer(app: Express, graphqlPath: string): void {
  const cytoscape = fromRoot('node_modules', 'cytoscape', 'dist', 'cytoscape.min.js');
  app.get('/vendor/cytoscape.min.js', (_req, res) => res.sendFile(cytoscape, { maxAge: '1d' }));
  app.use(`${EXPLORER_PATH}/assets`, express.static(fromRoot('public', 'explorer'), { index: false }));
  app.get(EXPLORER_PATH, (_req, res) => res.type('html').send(explorerPage(graphqlPath)));
}
