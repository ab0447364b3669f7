import DataLoader from 'dataloader';
import type { App } from '../app/app';
import type { AccessScope } from '../domain/access';
import type { EquivalenceEdge, SectionNode } from '../stores/graph/graph.types';
import type { StoredDocument } from '../stores/store.types';

/**
 * Per-request batching: every section, document and equivalence asked for while resolving one operation
 * is fetched in one store round trip per kind, whatever the nesting (no N+1).
 */
export interface Loaders {
  section: DataLoader<string, SectionNode | null>;
  equivalents: DataLoader<string, EquivalenceEdge[]>;
  document: DataLoader<string, StoredDocument | null>;
  citations: DataLoader<string, { sectionId: string; inferred: boolean }[]>;
}

/** Documents outside `scope` load as null, exactly like documents that do not exist. */
export function createLoaders(app: App, scope: AccessScope): Loaders {
  const { graph, documents } = app.stores;
  return {
    section: new DataLoader(async (ids) => {
      const found = new Map((await graph.getSections([...ids])).map((s) => [s.id, s]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    equivalents: new DataLoader(async (ids) => {
      const edges = await graph.equivalents([...ids]);
      return ids.map((id) => edges.filter((e) => e.fromId === id));
    }),
    document: new DataLoader(async (ids) => {
      const found = new Map((await documents.getDocuments([...ids], scope)).map((d) => [d.id, d]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    citations: new DataLoader(async (ids) => {
      const rows = await graph.citationsOf([...ids]);
      return ids.map((id) => rows.filter((r) => r.documentId === id));
    }),
  };
}
