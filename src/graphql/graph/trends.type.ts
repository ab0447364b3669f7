import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Documents of one month in one district' })
export class TrendPointType {
  @Field(() => String, { description: 'YYYY-MM' }) month!: string;
  @Field(() => String, { nullable: true, description: 'Null for documents without a district' }) district!: string | null;
  @Field(() => Int) documents!: number;
}

@ObjectType()
export class SectionTrendsType {
  @Field(() => [String], { description: 'Section ids counted, equivalents included when asked' }) sections!: string[];
  @Field(() => [TrendPointType], { description: 'By month, then district; undated documents are not counted' }) points!: TrendPointType[];
  @Field(() => Int) total!: number;
}
