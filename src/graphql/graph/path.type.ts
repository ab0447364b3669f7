import { Field, Int, ObjectType } from 'type-graphql';
import { GraphEdgeType, GraphNodeType } from './graph.type';

@ObjectType({ description: 'How two sections connect: through documents citing both, and equivalences' })
export class SectionPathType {
  @Field(() => Boolean) found!: boolean;
  @Field(() => Int, { nullable: true, description: 'Edges on the path; null when none within maxHops' }) hops!: number | null;
  @Field(() => [GraphNodeType], { description: 'From the first section to the second, in order' }) nodes!: GraphNodeType[];
  @Field(() => [GraphEdgeType]) edges!: GraphEdgeType[];
}
