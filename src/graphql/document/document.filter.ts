import { ArrayMaxSize, IsISO8601, IsOptional } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import type { DocumentType } from '../../domain/document.types';
import { DocumentTypeEnum } from '../common/enums';

@InputType()
export class DocumentFilterInput {
  @Field(() => [DocumentTypeEnum], { nullable: true })
  @IsOptional()
  types?: DocumentType[];

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(50)
  districts?: string[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'dateFrom must be an ISO date YYYY-MM-DD' })
  dateFrom?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'dateTo must be an ISO date YYYY-MM-DD' })
  dateTo?: string;
}
