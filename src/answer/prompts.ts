import fs from 'node:fs';
import { fromRoot } from '../util/paths';

export const USE_CASES = ['GENERAL_QA', 'SOP_ASSISTANT', 'CHARGESHEET_REVIEW'] as const;
export type UseCase = (typeof USE_CASES)[number];

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', hi: 'Hindi', gu: 'Gujarati' };

/** Prompt templates live in prompts/<use case>.md, so they can be read and changed without touching code. */
export function renderPrompt(useCase: UseCase, vars: { query: string; context: string; language: string }): string {
  const template = fs.readFileSync(fromRoot('prompts', `${useCase.toLowerCase()}.md`), 'utf8');
  return template
    .replace(/\{\{query\}\}/g, vars.query)
    .replace(/\{\{context\}\}/g, vars.context)
    .replace(/\{\{language\}\}/g, LANGUAGE_NAMES[vars.language] ?? 'English');
}
