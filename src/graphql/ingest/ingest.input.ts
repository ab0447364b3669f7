import { ArrayMaxSize, IsOptional, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import type { StatuteCode } from '../../domain/codes';
import type { AuthorityLevel, DocumentType, Language } from '../../domain/document.types';
import { AuthorityEnum, DocumentTypeEnum, LanguageEnum, StatuteCodeEnum } from '../common/enums';
import { IsCalendarDate } from '../common/calendar-date';

@InputType({ description: 'One structural part: an FIR part (complainant, incident, evidence, accused), a chargesheet part, a ruling paragraph group' })
export class DocumentPartInput {
  @Field(() => String)
  @Length(1, 100)
  name!: string;

  @Field(() => String)
  text!: string;
}

@InputType()
export class StatuteRefInput {
  @Field(() => StatuteCodeEnum)
  code!: StatuteCode;

  @Field(() => String)
  @Matches(/^[0-9]+[A-Za-z]{0,2}$/, { message: 'number must look like 302 or 498A' })
  number!: string;

  @Field(() => String, { nullable: true })
  chapter?: string;
}

@InputType({ description: 'A document to ingest. Give either parts (structured) or text (split on headings and paragraphs).' })
export class IngestDocumentInput {
  @Field(() => ID, { nullable: true, description: 'Stable id (e.g. an FIR number); without it the id is derived from the content' })
  @IsOptional()
  @Length(1, 128)
  id?: string;

  @Field(() => DocumentTypeEnum)
  type!: DocumentType;

  @Field(() => String)
  @Length(1, 500)
  title!: string;

  @Field(() => LanguageEnum, { nullable: true, description: 'Detected from the script when omitted' })
  language?: Language;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; decides IPC/CrPC/IEA vs BNS/BNSS/BSA for citations that name no code' })
  @IsOptional()
  @IsCalendarDate()
  date?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  district?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  policeStation?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  court?: string;

  @Field(() => AuthorityEnum, { nullable: true })
  authority?: AuthorityLevel;

  @Field(() => [String], { nullable: true, description: 'Sections named in the header, free text ("IPC 302", "कलम 379")' })
  @IsOptional()
  @ArrayMaxSize(200)
  sectionsCited?: string[];

  @Field(() => [DocumentPartInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  parts?: DocumentPartInput[];

  @Field(() => String, { nullable: true })
  text?: string;

  @Field(() => StatuteRefInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  statute?: StatuteRefInput;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Extra string metadata kept with the document (FIR number, case number…)' })
  extra?: Record<string, string>;
}
