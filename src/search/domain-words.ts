import fs from 'node:fs';
import { fromRoot } from '../util/paths';

/**
 * Words that mark a question as being about criminal justice (seeds/refusal/domain-words.txt): police, arrest,
 * bail, witness, पुलिस, गिरफ्तार, ધરપકડ … One of the signals that keep an in-domain question from being refused
 * when the lexicon finds no offence in it (procedure questions name none) and the cross-encoder is unsure.
 */
export class DomainWords {
  private constructor(private readonly whole: Set<string>, private readonly prefixes: string[]) {}

  static load(file = fromRoot('seeds', 'refusal', 'domain-words.txt')): DomainWords {
    const words = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith('#'));
    // Short words only whole ("fir" must not meet "first"); longer ones also as a word's start (arrest → arrested).
    return new DomainWords(new Set(words), words.filter((w) => [...w].length > 4));
  }

  /** Whether the text names any of the words. */
  mentioned(text: string): boolean {
    const tokens = text.toLowerCase().normalize('NFC').match(/[\p{L}\p{M}\p{N}-]+/gu) ?? [];
    return tokens.some((t) => this.whole.has(t) || this.prefixes.some((p) => t.startsWith(p)));
  }
}
