import { PlanType } from './plan.type';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AnalysisType } from '../search/search.type';
import { UseCaseEnum } from './ask.input';
import type { UseCase } from '../../answer/prompts';

export enum AskEventKind {
  ANALYSIS = 'ANALYSIS',
  SOURCES = 'SOURCES',
  TEXT_DELTA = 'TEXT_DELTA',
  CITATION = 'CITATION',
  DONE = 'DONE',
  ERROR = 'ERROR',
}
registerEnumType(AskEventKind, { name: 'AskEventKind', description: 'Events of askStream, in this order: ANALYSIS, SOURCES, TEXT_DELTA and CITATION interleaved, then DONE (or ERROR)' });

@ObjectType()
export class CitationType {
  @Field(() => Int, { description: 'The [n] used in the answer text' }) n!: number;
  @Field(() => ID) documentId!: string;
  @Field(() => ID) chunkId!: string;
  @Field(() => String, { nullable: true, description: 'Section node in the graph, for statute sources' }) sectionId!: string | null;
  @Field(() => String) title!: string;
}

@ObjectType()
export class SourceType {
  @Field(() => Int) n!: number;
  @Field(() => String, { description: '[Source: <document id>, <district>, <date>]' }) header!: string;
  @Field(() => ID) documentId!: string;
  @Field(() => String, { nullable: true }) sectionId!: string | null;
  @Field(() => Int) tokens!: number;
  @Field(() => String) text!: string;
}

@ObjectType()
export class AnswerType {
  @Field(() => String) text!: string;
  @Field(() => UseCaseEnum) useCase!: UseCase;
  @Field(() => String) language!: string;
  @Field(() => String, { description: 'extractive (no model) or llm' }) generator!: string;
  @Field(() => String, { nullable: true }) fallbackReason!: string | null;
  @Field(() => Boolean, { description: 'Not enough relevant material: the answer says so and cites nothing' }) belowThreshold!: boolean;
  @Field(() => Float, { nullable: true, description: 'CHARGESHEET_REVIEW: completeness 0-100' }) completeness!: number | null;
  @Field(() => [CitationType]) citations!: CitationType[];
  @Field(() => [SourceType]) sources!: SourceType[];
  @Field(() => PlanType, { nullable: true, description: 'SOP_ASSISTANT: the plan the text states, as data' }) plan!: PlanType | null;
}

@ObjectType()
export class AskErrorType {
  @Field(() => String) code!: string;
  @Field(() => String) message!: string;
}

@ObjectType({ description: 'One event of a streamed answer; the field matching `kind` is set' })
export class AskEventType {
  @Field(() => AskEventKind) kind!: AskEventKind;
  @Field(() => AnalysisType, { nullable: true }) analysis?: AnalysisType | null;
  @Field(() => [SourceType], { nullable: true }) sources?: SourceType[] | null;
  @Field(() => String, { nullable: true }) text?: string | null;
  @Field(() => CitationType, { nullable: true }) citation?: CitationType | null;
  @Field(() => AnswerType, { nullable: true }) answer?: AnswerType | null;
  @Field(() => AskErrorType, { nullable: true }) error?: AskErrorType | null;
}
