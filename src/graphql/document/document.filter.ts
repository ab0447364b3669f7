import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import type { DocumentType } from '../../domain/document.types';
import { DocumentTypeEnum } from '../common/enums';
import { IsCalendarDate } from '../common/calendar-date';

@InputType()
export class DocumentFilterInput {
  @Field(() => [DocumentTypeEnum], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(10)
  types?: DocumentType[];

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(50)
  @MaxLength(200, { each: true })
  districts?: string[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsCalendarDate()
  dateFrom?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsCalendarDate()
  dateTo?: string;
}
