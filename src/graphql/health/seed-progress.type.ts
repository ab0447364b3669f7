import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum SeedState {
  PENDING = 'PENDING',
  RUNNING = 'RUNNING',
  DONE = 'DONE',
  FAILED = 'FAILED',
}
registerEnumType(SeedState, {
  name: 'SeedState',
  description: 'PENDING: starting or checking the store; RUNNING: loading seeds/; DONE: search has its full corpus; FAILED: see detail (the next start resumes)',
});

@ObjectType({ description: 'This start: loading models and stores, then seeds/ in the background on a store that does not hold all of it' })
export class SeedProgressType {
  @Field(() => SeedState)
  state!: SeedState;

  @Field(() => String, { description: 'e.g. starting, statute graph, bare acts, judgments, cases, indexing, done, already loaded' })
  phase!: string;

  @Field(() => Int, { description: 'seed documents this start has gone through (created, unchanged or failed)' })
  documentsDone!: number;

  @Field(() => Int, { description: 'seed documents this start goes through; 0 when nothing was left to load' })
  documentsTotal!: number;

  @Field(() => Int)
  documentsFailed!: number;

  @Field(() => String, { nullable: true, description: 'why the seed failed or was skipped' })
  detail!: string | null;
}
