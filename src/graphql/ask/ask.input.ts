import { IsOptional, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { USE_CASES, type UseCase } from '../../answer/prompts';
import { SearchFilterInput } from '../search/search.input';
import { IsCalendarDate } from '../common/calendar-date';

export const UseCaseEnum = Object.fromEntries(USE_CASES.map((u) => [u, u])) as { [K in UseCase]: K };
registerEnumType(UseCaseEnum, {
  name: 'UseCase',
  description: 'GENERAL_QA: answer from the documents; SOP_ASSISTANT: next investigation steps for an FIR; CHARGESHEET_REVIEW: gaps in a draft chargesheet',
});

export const MAX_ASK_CHARS = 20000;

@InputType()
export class AskInput {
  @Field(() => String, { description: 'A question, an FIR (SOP_ASSISTANT) or a draft chargesheet (CHARGESHEET_REVIEW)' })
  @MaxLength(MAX_ASK_CHARS, { message: `query must be at most ${MAX_ASK_CHARS} characters` })
  query!: string;

  @Field(() => UseCaseEnum, { nullable: true, defaultValue: 'GENERAL_QA' })
  useCase?: UseCase;

  @Field(() => SearchFilterInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  filter?: SearchFilterInput;

  @Field(() => Int, { nullable: true, description: 'How many hits to draw sources from (1-20, default 8)' })
  @IsOptional()
  @Min(1)
  @Max(20)
  topK?: number;

  @Field(() => String, { nullable: true, description: 'Date of the FIR or chargesheet (YYYY-MM-DD): decides IPC or BNS' })
  @IsOptional()
  @IsCalendarDate()
  date?: string;

  @Field(() => String, { nullable: true, description: 'SOP_ASSISTANT: plan for this FIR in the store, with its case record (the query may then be a short question or empty)' })
  @IsOptional()
  @MaxLength(200)
  firId?: string;

  @Field(() => Int, { nullable: true, description: 'Context budget in tokens (default 4000)' })
  @IsOptional()
  @Min(200)
  @Max(16000)
  tokenBudget?: number;
}
