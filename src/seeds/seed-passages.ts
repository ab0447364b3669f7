import { exampleText, readExamples } from '../expand/examples';
import { SectionNames } from '../expand/section-names';
import type { DocumentInput } from '../domain/document.types';
import type { Glossary } from '../expand/glossary';
import { prepareDocument } from '../ingest/prepare';
import { validateDocument } from '../ingest/validate/document.schema';
import type { StatuteCatalogue } from './statutes';
import { seedCorpus } from './seed';

/**
 * Every passage a first start embeds: the chunks of seeds/ (as ingest prepares them) and the section names that
 * query expansion matches short queries against, and the labelled examples whose neighbours vote sections
 * (seeds/examples). What seeds/embeddings/ ships vectors for.
 */
export function seedPassages(catalogue: StatuteCatalogue, glossary: Glossary, count: (text: string) => number): string[] {
  const texts: string[] = [];
  for (const [, docs] of seedCorpus(catalogue)) {
    for (const raw of docs) {
      const checked = validateDocument(raw);
      if (!checked.ok) continue; // the seed reports it; nothing of it is embedded
      texts.push(...prepareDocument(checked.value as DocumentInput, { count, catalogue, glossary }).embedTexts);
    }
  }
  texts.push(...SectionNames.collect(catalogue, glossary).map((n) => n.text));
  texts.push(...readExamples().map(exampleText));
  return texts;
}
