import { ArrayMaxSize, IsOptional, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import type { StatuteCode } from '../../domain/codes';
import type { DocumentType, Language } from '../../domain/document.types';
import type { FusionMethod } from '../../fuse/fuse';
import { MAX_QUERY_CHARS, MAX_TOP_K } from '../../search/search.service';
import { DocumentTypeEnum, LanguageEnum, StatuteCodeEnum } from '../common/enums';
import { IsCalendarDate } from '../common/calendar-date';

export enum FusionMethodEnum {
  RRF = 'RRF',
  WEIGHTED = 'WEIGHTED',
}
registerEnumType(FusionMethodEnum, { name: 'FusionMethod', description: 'RRF (k = 60) or WEIGHTED (0.7 dense + 0.3 keyword, normalised)' });

@InputType({ description: 'Applied inside every store query (SQL, Chroma where-clause), never after the fact' })
export class SearchFilterInput {
  @Field(() => [DocumentTypeEnum], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(10)
  documentTypes?: DocumentType[];

  @Field(() => [LanguageEnum], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(3)
  languages?: Language[];

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(50)
  @MaxLength(200, { each: true })
  districts?: string[];

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDate()
  dateFrom?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDate()
  dateTo?: string;

  @Field(() => [StatuteCodeEnum], { nullable: true, description: 'Only bare-act sections of these codes' })
  @IsOptional()
  @ArrayMaxSize(10)
  codes?: StatuteCode[];

  @Field(() => [String], { nullable: true, description: 'Only chunks citing (or being) these sections, e.g. IPC:302' })
  @IsOptional()
  @ArrayMaxSize(50)
  @MaxLength(200, { each: true })
  sections?: string[];
}

@InputType()
export class SearchInput {
  @Field(() => String, { description: `English, Hindi, Gujarati or code-mixed; at most ${MAX_QUERY_CHARS} characters` })
  @MaxLength(MAX_QUERY_CHARS, { message: `query must be at most ${MAX_QUERY_CHARS} characters` })
  query!: string;

  @Field(() => Int, { nullable: true, description: `How many hits (1-${MAX_TOP_K}); by default chosen from the query type (3-10)` })
  @IsOptional()
  @Min(1)
  @Max(MAX_TOP_K)
  topK?: number;

  @Field(() => SearchFilterInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  filter?: SearchFilterInput;

  @Field(() => FusionMethodEnum, { nullable: true, defaultValue: FusionMethodEnum.RRF })
  fusion?: FusionMethod;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Constitution > Acts > rules > Supreme Court > High Court > SOPs' })
  authorityBoost?: boolean;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'Also expand to sections most often cited together with the ones found' })
  expandCoCited?: boolean;

  @Field(() => Boolean, { nullable: true, defaultValue: true, description: 'Rerank with the cross-encoder when it is loaded' })
  rerank?: boolean;

  @Field(() => Int, { nullable: true, defaultValue: 1, description: 'At most this many hits per document; its further matching chunks are the hit\'s siblings' })
  @IsOptional()
  @Min(1)
  @Max(20)
  maxPerDocument?: number;
}
