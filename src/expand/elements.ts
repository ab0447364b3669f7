import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { parseSectionId } from '../domain/codes';
import { fromRoot } from '../util/paths';
import { Glossary } from './glossary';

/**
 * An offence as the conjunction of its ingredients: every slot must be met by one of its elements
 * ("DEATH + VIOLENCE|WEAPON" is murder), none of `unless` may be present, and a rule that fires takes the
 * place of the lesser offences it `replaces` (dacoity replaces robbery: an officer charges one, not both).
 */
export interface OffenceRule {
  id: string;
  offence: string;
  slots: string[][];
  unless: string[];
  replaces: string[];
  sections: string[];
}

export interface InferredOffence {
  rule: OffenceRule;
  /** The words of the text that met each slot, in slot order. */
  cues: string[];
}

const list = (s: string | undefined, sep: string) => (s ?? '').split(sep).map((t) => t.trim()).filter(Boolean);

/**
 * Stage 2 for incident narratives, which seldom name the offence: finds the facts that make up an offence
 * (someone died; a weapon; property taken; five or more people) with a cue lexicon in English, Hindi and
 * Gujarati (seeds/glossary/offence_elements.csv, matched like the glossary), then combines them by rules
 * written from the statutes' definitions (seeds/glossary/offence_rules.csv).
 */
/**
 * The element cues: a fact (DEATH, WEAPON …) with its en/hi/gu phrasings. They are no glossary of legal terms (no
 * sections, no translations used); they share its file format and its matcher (word sequences, spelling folds,
 * inflected forms), which is all this type takes from it.
 */
export type CueLexicon = Pick<Glossary, 'entries' | 'match'>;

export class OffenceElements {
  private readonly byId: Map<string, OffenceRule>;

  constructor(private readonly cues: CueLexicon, readonly rules: OffenceRule[]) {
    const known = new Set(cues.entries.map((e) => e.id));
    this.byId = new Map(rules.map((r) => [r.id, r]));
    for (const r of rules) {
      const unknown = [...r.slots.flat(), ...r.unless].filter((e) => !known.has(e));
      if (unknown.length) throw new Error(`offence rule ${r.id} names unknown elements: ${unknown.join(', ')}`);
      const missing = r.replaces.filter((x) => !this.byId.has(x));
      if (missing.length) throw new Error(`offence rule ${r.id} replaces unknown rules: ${missing.join(', ')}`);
    }
  }

  static load(dir = fromRoot('seeds', 'glossary')): OffenceElements {
    const rulesFile = `${dir}/offence_rules.csv`;
    const cuesFile = `${dir}/offence_elements.csv`;
    if (!fs.existsSync(rulesFile) || !fs.existsSync(cuesFile)) return OffenceElements.none();
    const rows: Record<string, string>[] = parse(fs.readFileSync(rulesFile, 'utf8'), { columns: true, skip_empty_lines: true });
    return new OffenceElements(Glossary.load(cuesFile), rows.map((r) => ({
      id: r.id, offence: r.offence,
      slots: list(r.requires, '+').map((slot) => list(slot, '|')),
      unless: list(r.unless, '|'), replaces: list(r.replaces, ';'),
      sections: list(r.sections, ';').filter((s) => parseSectionId(s)),
    })));
  }

  static none(): OffenceElements {
    return new OffenceElements(new Glossary([]), []);
  }

  /** The elements present in a text, each with the words that showed it. */
  elements(text: string): Map<string, string> {
    return new Map(this.cues.match(text).map((m) => [m.entry.id, m.term]));
  }

  /**
   * The sections of the offences that those inferred take the place of, directly or through the offences
   * those replace in turn (murder replaces hurt with a weapon, which replaces simple hurt).
   */
  lesserSections(inferred: InferredOffence[]): Set<string> {
    const out = new Set<string>();
    const visited = new Set<string>();
    const stack = inferred.flatMap((o) => o.rule.replaces);
    while (stack.length) {
      const id = stack.pop()!;
      if (visited.has(id)) continue;
      visited.add(id);
      const rule = this.byId.get(id);
      if (!rule) continue;
      for (const s of rule.sections) out.add(s);
      stack.push(...rule.replaces);
    }
    // An offence inferred in its own right keeps its sections.
    for (const o of inferred) for (const s of o.rule.sections) out.delete(s);
    return out;
  }

  /** Offences whose every ingredient the text states, those with more ingredients (more specific) first. */
  infer(text: string): InferredOffence[] {
    if (!this.rules.length) return [];
    const found = this.elements(text);
    const fired = this.rules.filter((r) => r.slots.every((slot) => slot.some((e) => found.has(e))) && !r.unless.some((e) => found.has(e)));
    const replaced = new Set(fired.flatMap((r) => r.replaces));
    return fired
      .filter((r) => !replaced.has(r.id))
      .sort((a, b) => b.slots.length - a.slots.length)
      .map((rule) => ({ rule, cues: rule.slots.map((slot) => found.get(slot.find((e) => found.has(e))!)!) }));
  }
}
