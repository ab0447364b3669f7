import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ErrorCode } from '../../errors/error-codes';
import '../common/enums';

export enum IngestStatusEnum {
  CREATED = 'CREATED',
  UPDATED = 'UPDATED',
  UNCHANGED = 'UNCHANGED',
  FAILED = 'FAILED',
}
registerEnumType(IngestStatusEnum, { name: 'IngestStatus', description: 'UNCHANGED: same content hash, nothing written' });

@ObjectType()
export class ValidationProblemType {
  @Field(() => String, { description: 'Where in the document, e.g. parts or date' })
  path!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType()
export class IngestErrorType {
  @Field(() => ErrorCode)
  code!: ErrorCode;

  @Field(() => String)
  message!: string;

  @Field(() => [ValidationProblemType])
  problems!: ValidationProblemType[];
}

@ObjectType({ description: 'What happened to one document of an ingest' })
export class IngestResultType {
  @Field(() => Int, { description: 'Position in the input list' })
  index!: number;

  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => IngestStatusEnum)
  status!: IngestStatusEnum;

  @Field(() => Int)
  chunks!: number;

  @Field(() => [String], { description: 'Normalised section ids linked in the graph, e.g. IPC:302' })
  sections!: string[];

  @Field(() => [String], { description: 'e.g. an unknown section that was not linked' })
  warnings!: string[];

  @Field(() => IngestErrorType, { nullable: true })
  error!: IngestErrorType | null;
}

@ObjectType()
export class IngestBatchType {
  @Field(() => ID, { description: 'Subscribe to ingestProgress(batchId) to follow a batch' })
  batchId!: string;

  @Field(() => Int) created!: number;
  @Field(() => Int) updated!: number;
  @Field(() => Int) unchanged!: number;
  @Field(() => Int) failed!: number;

  @Field(() => [IngestResultType])
  results!: IngestResultType[];
}

@ObjectType({ description: 'Progress of a batch, sent after each group of documents' })
export class IngestProgressType {
  @Field(() => ID) batchId!: string;
  @Field(() => Int) total!: number;
  @Field(() => Int) done!: number;
  @Field(() => Int) failed!: number;
  @Field(() => ID, { nullable: true }) lastId!: string | null;
  @Field(() => Boolean) finished!: boolean;
}
