import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One investigation step of an SOP_ASSISTANT plan' })
export class PlanStepType {
  @Field(() => String, { description: 'Stable id of the step in seeds/procedure/investigation-steps.json' }) stepId!: string;
  @Field(() => String, { description: 'registration, scene, seizure, medical, inquest, statements, forensic, arrest or chargesheet' }) phase!: string;
  @Field(() => String, { description: 'The phase in the answer language' }) phaseLabel!: string;
  @Field(() => String, { description: 'What to do, in the answer language' }) text!: string;
  @Field(() => String, { description: 'The governing provision as cited, e.g. "176(3) BNSS"' }) cite!: string;
  @Field(() => [String], { description: 'Section ids of the governing provisions in the code that governs the case' }) provisions!: string[];
  @Field(() => [Int], { description: 'Source numbers the step cites: its provisions, then its SOP' }) sources!: number[];
  @Field(() => String, { nullable: true, description: 'The case-record document that shows the step done ("FIR" for the FIR text given); null while still to do' }) doneBy!: string | null;
}

@ObjectType({ description: 'SOP_ASSISTANT: the investigation plan for an FIR' })
export class PlanType {
  @Field(() => String) language!: string;
  @Field(() => String, { description: 'new (BNSS/BSA, FIR on or after 1 July 2024) or old (CrPC/IEA)' }) era!: string;
  @Field(() => String, { description: 'BNSS/BSA or CrPC/IEA' }) codes!: string;
  @Field(() => String, { nullable: true, description: "The FIR's date the code was chosen by" }) date!: string | null;
  @Field(() => String, { nullable: true }) firId!: string | null;
  @Field(() => [String], { description: 'Offence families detected: murder, hurt, sexual-offences, theft, robbery, cheating, dowry-death, kidnapping, road-accident, extortion' }) families!: string[];
  @Field(() => Boolean, { description: 'Only statutory steps: the caller may not read SOPs or case records' }) statutoryOnly!: boolean;
  @Field(() => [PlanStepType], { description: 'Steps still to do in phase order, then those the case record shows done' }) steps!: PlanStepType[];
}
