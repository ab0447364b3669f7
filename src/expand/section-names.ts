import type { Embedder } from '../models/embedder';
import { EmbeddingCache } from '../models/embedding-cache';
import type { StatuteCatalogue } from '../seeds/statutes';
import type { Glossary } from './glossary';
import { dot } from '../util/vector';

type Language = 'en' | 'hi' | 'gu';
interface Name {
  text: string;
  language: Language;
  ids: string[];
}

export interface NameMatch {
  id: string;
  /** Cosine between the query and the closest name of the section. */
  score: number;
  /** That name: a statutory title or a glossary form. */
  name: string;
}

/** The glossary's statutory and commonest forms come first in each language; later forms are narrative wording. */
const FORMS_PER_LANGUAGE = 4;
const KINDS = new Set(['offence', 'punishment', 'procedure', 'evidence']);

/**
 * Section names matched by meaning: every section's English and Hindi title and the glossary's main forms of
 * each concept, embedded once. A short query that describes an offence in words no glossary form contains
 * ("cheating by pretending to be someone else", "सरकारी कर्मचारी को काम करने से रोकना") is closer to the name of
 * its section than to the section's long English text, which is what the dense chunk index compares it with.
 */
export class SectionNames {
  private constructor(
    private readonly names: Name[],
    private readonly vectors: Float32Array[],
  ) {}

  get size(): number {
    return this.names.length;
  }

  static collect(catalogue: StatuteCatalogue, glossary: Glossary): Name[] {
    const byText = new Map<string, Name>();
    const put = (text: string | null | undefined, language: Language, ids: string[]) => {
      const t = text?.trim();
      if (!t || t.length < 3) return;
      const name = byText.get(t) ?? { text: t, language, ids: [] };
      for (const id of ids) if (!name.ids.includes(id)) name.ids.push(id);
      byText.set(t, name);
    };
    for (const s of catalogue.sections) {
      put(s.title, 'en', [s.id]);
      put(s.titleHi, 'hi', [s.id]);
    }
    for (const e of glossary.entries) {
      const ids = e.sections.filter((id) => catalogue.has(id));
      if (!ids.length || !KINDS.has(e.kind)) continue;
      for (const [language, list] of [['en', e.en], ['hi', e.hi], ['gu', e.gu]] as const) {
        for (const t of list.slice(0, FORMS_PER_LANGUAGE)) put(t, language, ids);
      }
    }
    return [...byText.values()];
  }

  /**
   * Embeds the names (as passages), reading and filling a disk memo when `cacheFile` is given: the first start
   * on a machine takes some seconds per thousand names, later ones a file read.
   */
  static async build(embedder: Pick<Embedder, 'embed' | 'info'>, catalogue: StatuteCatalogue, glossary: Glossary, cacheFile?: string): Promise<SectionNames> {
    const names = SectionNames.collect(catalogue, glossary);
    const cache = cacheFile ? new EmbeddingCache(cacheFile, embedder.info.dims) : undefined;
    const vectors = await embedder.embed(names.map((n) => n.text), 'passage', 32, cache);
    cache?.close();
    return new SectionNames(names, vectors);
  }

  /** The `n` sections whose closest name in one of `languages` is nearest the query vector, nearest first. */
  match(query: Float32Array, n: number, languages: readonly Language[]): NameMatch[] {
    const best = new Map<string, NameMatch>();
    this.vectors.forEach((v, i) => {
      if (!languages.includes(this.names[i].language)) return;
      const score = dot(v, query);
      for (const id of this.names[i].ids) {
        const prev = best.get(id);
        if (!prev || prev.score < score) best.set(id, { id, score, name: this.names[i].text });
      }
    });
    return [...best.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, n);
  }
}
