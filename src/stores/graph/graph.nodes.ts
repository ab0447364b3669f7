import { parseSectionId } from '../../domain/codes';
import type { GraphDocument, SectionNode } from './graph.types';

/** Row → node mappers shared by both graph implementations, so their answers have one shape. */
export function sectionNode(r: Record<string, unknown>): SectionNode {
  const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return {
    id: String(r.id), code: String(r.code), number: String(r.number),
    title: str(r.title), titleHi: str(r.title_hi ?? r.titleHi), text: str(r.text), chapter: str(r.chapter),
  };
}

export function documentNode(r: Record<string, unknown>): Omit<GraphDocument, 'cites'> {
  const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return {
    id: String(r.id), type: String(r.type) as GraphDocument['type'], title: String(r.title), date: str(r.date),
    district: str(r.district), policeStation: str(r.police_station ?? r.policeStation), language: String(r.language ?? ''),
  };
}

/** A section known only by its id (cited before the bare act was loaded). */
export function stubSection(id: string): Pick<SectionNode, 'id' | 'code' | 'number'> {
  const parsed = parseSectionId(id);
  return { id, code: parsed?.code ?? id.split(':')[0], number: parsed?.number ?? id.split(':')[1] ?? '' };
}

/** Edges in code-point order of (source, target): locale-independent, so both graphs list them alike. */
export function sortEdges<T extends { source: string; target: string }>(edges: T[]): T[] {
  const key = (e: T) => `${e.source}\u0000${e.target}`;
  return edges.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
