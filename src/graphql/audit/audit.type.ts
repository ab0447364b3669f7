import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One read by a restricted caller: who, what, and how much their access hid' })
export class AuditEntryType {
  @Field(() => String) at!: string;
  @Field(() => String, { description: 'jwt:<issuer>:<sub>, key:<API key id> or anonymous' }) principal!: string;
  @Field(() => String) role!: string;
  @Field(() => String) operation!: string;
  @Field(() => String, { nullable: true }) query!: string | null;
  @Field(() => Int) returned!: number;
  @Field(() => Int, { description: 'Results left out by the caller\'s access' }) hidden!: number;
}
