import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum EquivalenceRelationEnum {
  mapped = 'mapped',
  split = 'split',
  merged = 'merged',
}
registerEnumType(EquivalenceRelationEnum, {
  name: 'EquivalenceRelation',
  description: 'mapped: one to one; split: one old section became several new ones; merged: several old sections became one',
});

@ObjectType({ description: 'A section of IPC, BNS, CrPC, BNSS, IEA or BSA' })
export class SectionType {
  @Field(() => ID, { description: 'CODE:NUMBER, e.g. IPC:302' })
  id!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  number!: string;

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true, description: 'Official Hindi title' })
  titleHi!: string | null;

  @Field(() => String, { nullable: true })
  text!: string | null;

  @Field(() => String, { nullable: true })
  chapter!: string | null;
}

@ObjectType({ description: 'The counterpart of a section in the other code' })
export class EquivalentType {
  @Field(() => SectionType)
  section!: SectionType;

  @Field(() => EquivalenceRelationEnum)
  relation!: EquivalenceRelationEnum;

  @Field(() => String, { nullable: true, description: 'Sub-provisions named by the correspondence table, e.g. 103(1)' })
  provisions!: string | null;
}
