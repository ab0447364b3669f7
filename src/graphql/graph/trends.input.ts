import { ArrayMaxSize, IsOptional } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { DocumentFilterInput } from '../document/document.filter';

@InputType({ description: 'Which documents sectionTrends counts: those citing the sections (all when omitted), within the filters' })
export class SectionTrendsFilterInput extends DocumentFilterInput {
  @Field(() => [String], { nullable: true, description: 'Section references such as "IPC 302" or "BNS:103"' })
  @IsOptional()
  @ArrayMaxSize(20)
  sections?: string[];

  @Field(() => Boolean, { defaultValue: true, description: 'Count documents citing the equivalents in the other code too (IPC 302 ⇄ BNS 103)' })
  includeEquivalents!: boolean;
}
