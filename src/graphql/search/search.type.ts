import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AuthorityEnum, DocumentTypeEnum, LanguageEnum } from '../common/enums';
import type { AuthorityLevel, DocumentType, Language } from '../../domain/document.types';

export enum StageStatusEnum {
  RAN = 'RAN',
  SKIPPED = 'SKIPPED',
  FAILED = 'FAILED',
  /** Ran past its budget (the rerank stage's RERANK_BUDGET_MS): its input order stands. */
  TIMED_OUT = 'TIMED_OUT',
}
registerEnumType(StageStatusEnum, { name: 'StageStatus' });

export enum QueryTypeEnum {
  SIMPLE = 'SIMPLE',
  COMPLEX = 'COMPLEX',
  COMPARATIVE = 'COMPARATIVE',
  PROCEDURAL = 'PROCEDURAL',
  FACT_PATTERN = 'FACT_PATTERN',
}
registerEnumType(QueryTypeEnum, { name: 'QueryType' });

@ObjectType()
export class DocumentSummaryType {
  @Field(() => ID) id!: string;
  @Field(() => DocumentTypeEnum) type!: DocumentType;
  @Field(() => String) title!: string;
  @Field(() => LanguageEnum) language!: Language;
  @Field(() => String, { nullable: true }) date!: string | null;
  @Field(() => String, { nullable: true }) district!: string | null;
  @Field(() => String, { nullable: true }) policeStation!: string | null;
  @Field(() => String, { nullable: true }) court!: string | null;
  @Field(() => AuthorityEnum) authority!: AuthorityLevel;
  @Field(() => [String], { description: 'Sections the document cites (or is), e.g. IPC:302' }) sections!: string[];
}

@ObjectType({ description: 'Per-source scores: null where the source did not return this chunk' })
export class HitScoresType {
  @Field(() => Float, { nullable: true, description: 'cosine similarity from the vector index' }) dense!: number | null;
  @Field(() => Float, { nullable: true, description: 'IDF-weighted full-text rank plus trigram similarity' }) keyword!: number | null;
  @Field(() => Float, { nullable: true, description: 'section named in the query (rank score)' }) reference!: number | null;
  @Field(() => Float, { nullable: true, description: 'section of an offence whose ingredients a narrative states (rank score)' }) elements!: number | null;
  @Field(() => Float, { nullable: true, description: 'section implied by a glossary term (rank score)' }) glossary!: number | null;
  @Field(() => Float, { nullable: true, description: 'section whose title or glossary name is nearest a short query in meaning (rank score)' }) names!: number | null;
  @Field(() => Float, { nullable: true, description: 'section cited by the labelled example complaints and questions nearest the query (rank score)' }) examples!: number | null;
  @Field(() => Float, { nullable: true, description: 'section the classifier fitted on the labelled examples rates probable for the query (rank score)' }) classifier!: number | null;
  @Field(() => Float) fused!: number;
  @Field(() => Float, { nullable: true, description: 'raw cross-encoder logit; null where the model did not score this hit (a case document, a section the user named, or a search whose rerank stage was skipped: see its stage report)' }) rerank!: number | null;
}

@ObjectType({ description: 'Another chunk of the same document that matched the query, below its best one' })
export class SiblingChunkType {
  @Field(() => ID) chunkId!: string;
  @Field(() => Int) chunkIndex!: number;
  @Field(() => String, { description: 'The document part: incident, evidence, section, judgment…' }) part!: string;
  @Field(() => String) heading!: string;
  @Field(() => String) text!: string;
}

@ObjectType()
export class SearchHitType {
  @Field(() => ID) chunkId!: string;
  @Field(() => String) text!: string;
  @Field(() => String) heading!: string;
  @Field(() => String, { description: 'The document part: incident, evidence, section, judgment…' }) part!: string;
  @Field(() => String, { nullable: true, description: 'e.g. "BNS s. 103(1)"' }) citation!: string | null;
  @Field(() => String, { nullable: true, description: 'For bare-act chunks: the section this chunk belongs to' }) sectionId!: string | null;
  @Field(() => Int) chunkIndex!: number;
  @Field(() => Int) totalChunks!: number;
  @Field(() => [String], { description: 'Sections cited in this chunk' }) sections!: string[];
  @Field(() => [String]) highlights!: string[];
  @Field(() => DocumentSummaryType) document!: DocumentSummaryType;
  @Field(() => HitScoresType) scores!: HitScoresType;
  @Field(() => String, { nullable: true, description: 'Why a hit no retriever returned is here, e.g. "equivalent of IPC:302"' }) addedBy!: string | null;
  @Field(() => [SiblingChunkType], { description: 'Other chunks of this document that matched (best first, at most three): one hit per document unless maxPerDocument says more' })
  siblings!: SiblingChunkType[];
}

@ObjectType()
export class ReferenceType {
  @Field(() => String) id!: string;
  @Field(() => String) raw!: string;
  @Field(() => Boolean, { description: 'The code was not named and was taken from the date' }) inferred!: boolean;
  @Field(() => String, { nullable: true }) subsection!: string | null;
}

@ObjectType()
export class AnalysisType {
  @Field(() => String) normalised!: string;
  @Field(() => LanguageEnum) language!: Language;
  @Field(() => Boolean) codeMixed!: boolean;
  @Field(() => Boolean, { description: 'The query was Hindi or Gujarati typed in Latin letters; normalised is its reading in Devanagari or Gujarati script' }) romanised!: boolean;
  @Field(() => QueryTypeEnum) type!: QueryTypeEnum;
  @Field(() => Float) confidence!: number;
  @Field(() => Int, { description: 'k chosen for this query type' }) k!: number;
  @Field(() => [ReferenceType]) references!: ReferenceType[];
}

@ObjectType()
export class ExpandedSectionType {
  @Field(() => String) id!: string;
  @Field(() => String, { description: 'REFERENCE, ELEMENTS (an offence whose ingredients the query states), GLOSSARY, NAME (its title or glossary name is near the query in meaning), EQUIVALENT or CO_CITED' }) reason!: string;
  @Field(() => String, { description: 'The reference, term or section that brought it in' }) via!: string;
}

@ObjectType()
export class ExpandedTermType {
  @Field(() => String) term!: string;
  @Field(() => String) language!: string;
  @Field(() => String) via!: string;
}

@ObjectType({ description: 'A section whose name is near the query in meaning' })
export class NameMatchType {
  @Field(() => String) id!: string;
  @Field(() => String, { description: 'The statutory title or glossary form that matched' }) name!: string;
  @Field(() => Float, { description: 'Cosine between the query and that name' }) score!: number;
}

@ObjectType({ description: 'A section voted by the labelled examples (complaints, questions) nearest the query, or rated probable by the classifier fitted on them' })
export class ExampleMatchType {
  @Field(() => String) id!: string;
  @Field(() => Float, { description: "Votes: the section's share of the nearest examples' votes, closer examples weighing more; classifier: its probability (0–1)" }) score!: number;
  @Field(() => Float, { description: 'Cosine between the query and the nearest example citing the section (0 while the examples are being embedded)' }) nearest!: number;
}

@ObjectType()
export class ExpansionType {
  @Field(() => [ExpandedSectionType]) sections!: ExpandedSectionType[];
  @Field(() => [String], { description: 'Offences inferred from the ingredients an incident narrative or a short offence description states (murder: died + axe)' }) offences!: string[];
  @Field(() => [NameMatchType], { description: 'Sections whose titles or glossary names are nearest a short query in meaning, nearest first (not computed for narratives)' }) similar!: NameMatchType[];
  @Field(() => [ExampleMatchType], { description: 'Sections cited by the labelled examples nearest the query, best first (not computed when the query names its sections)' }) examples!: ExampleMatchType[];
  @Field(() => [ExampleMatchType], { description: 'Sections the classifier fitted on the labelled examples rates most probable, best first (same queries as examples)' }) classified!: ExampleMatchType[];
  @Field(() => [ExpandedTermType]) terms!: ExpandedTermType[];
  @Field(() => [String]) subQueries!: string[];
  @Field(() => [String], { description: 'Texts embedded for dense retrieval' }) denseQueries!: string[];
}

@ObjectType()
export class StageType {
  @Field(() => String) name!: string;
  @Field(() => StageStatusEnum) status!: StageStatusEnum;
  @Field(() => Float) ms!: number;
  @Field(() => String, { nullable: true }) detail!: string | null;
}

@ObjectType()
export class SearchResultType {
  @Field(() => String) query!: string;
  @Field(() => [SearchHitType]) hits!: SearchHitType[];
  @Field(() => Int) k!: number;
  @Field(() => AnalysisType) analysis!: AnalysisType;
  @Field(() => ExpansionType) expansion!: ExpansionType;
  @Field(() => [StageType]) stages!: StageType[];
  @Field(() => Boolean, { description: 'Nothing relevant enough was found: hits is empty on purpose' }) belowThreshold!: boolean;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => [String], { description: 'Stores that could not be reached; results come from the others' }) missingSources!: string[];
  @Field(() => Boolean) cached!: boolean;
  @Field(() => Float) tookMs!: number;
}
