import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A node ready to draw: a Section or a Document' })
export class GraphNodeType {
  @Field(() => ID) id!: string;
  @Field(() => String) kind!: string;
  @Field(() => String) label!: string;
  @Field(() => GraphQLJSONObject) properties!: Record<string, string | null>;
}

@ObjectType()
export class GraphEdgeType {
  @Field(() => String) source!: string;
  @Field(() => String) target!: string;
  @Field(() => String, { description: 'CITES or EQUIVALENT_TO' }) kind!: string;
  @Field(() => String, { nullable: true }) relation?: string | null;
}

@ObjectType()
export class CaseSectionGraphType {
  @Field(() => [GraphNodeType]) nodes!: GraphNodeType[];
  @Field(() => [GraphEdgeType]) edges!: GraphEdgeType[];
}
