import type { Family, Procedure } from './procedure.data';

/** Sections the case points at, strongest evidence first. */
export interface OffenceEvidence {
  /** Sections the FIR names (its header and text). */
  named: string[];
  /** Sections the offence-element rules and the glossary read from the story. */
  inferred: string[];
  /** The best statute hits of a search for the FIR's text, best first. */
  ranked: string[];
}

const MAX_FAMILIES = 3;

/**
 * The offence families a case belongs to. What the FIR names decides; the story's own ingredients add a family
 * the duty officer left out; with neither, the two best statute hits stand in. Families are kept in the order
 * their evidence came, because the first is what the case is about.
 */
export function detectFamilies(p: Procedure, e: OffenceEvidence): Family[] {
  const of = (ids: string[]) => {
    const out: Family[] = [];
    for (const id of ids) for (const f of p.families) if (!out.includes(f) && (f.offences.new.includes(id) || f.offences.old.includes(id))) out.push(f);
    return out;
  };
  const named = of(e.named);
  const inferred = of(e.inferred);
  const picked = named.length ? [...named, ...inferred.filter((f) => !named.includes(f)).slice(0, 1)] : inferred.length ? inferred : of(e.ranked.slice(0, 2));
  return picked.slice(0, MAX_FAMILIES);
}
