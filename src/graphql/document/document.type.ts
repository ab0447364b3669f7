import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DocumentSummaryType } from '../search/search.type';

@ObjectType()
export class ChunkType {
  @Field(() => ID) id!: string;
  @Field(() => Int) ord!: number;
  @Field(() => String) part!: string;
  @Field(() => String) text!: string;
  @Field(() => String, { nullable: true }) citation!: string | null;
  @Field(() => [String]) sections!: string[];
}

@ObjectType()
export class PageInfoType {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

@ObjectType()
export class DocumentEdgeType {
  @Field(() => String) cursor!: string;
  @Field(() => DocumentSummaryType) node!: DocumentSummaryType;
}

@ObjectType({ description: 'A cursor connection of documents' })
export class DocumentConnectionType {
  @Field(() => [DocumentEdgeType]) edges!: DocumentEdgeType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
  @Field(() => Int) totalCount!: number;
}

/** A page of a cursor connection; `consumed` is how many rows the store returned (some may not resolve to nodes). */
export function toConnection<T>(nodes: T[], offset: number, total: number, consumed = nodes.length): { edges: { cursor: string; node: T }[]; pageInfo: PageInfoType; totalCount: number } {
  return {
    totalCount: total,
    edges: nodes.map((node, i) => ({ cursor: encodeCursor(offset + i + 1), node })),
    pageInfo: { hasNextPage: offset + consumed < total, endCursor: nodes.length ? encodeCursor(offset + nodes.length) : null },
  };
}

/** Opaque cursors: base64 of the offset. */
export const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
export function decodeCursor(cursor: string | undefined | null): number {
  if (!cursor) return 0;
  // Offsets past a billion are no page this API issued, and would overflow the store's OFFSET.
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new Error('invalid cursor');
  return Number(m[1]);
}
