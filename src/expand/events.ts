import type { NameMatch, SectionNames } from './section-names';

/** Offence names taken from each event of a narrative, of the nearest scanned (most are definitions or procedure). */
const EVENT_NAMES = 3;
const EVENT_SCAN = 40;
/** A complaint rarely tells more than a dozen acts; the rest of a very long text is background. */
const MAX_EVENTS = 12;

/** The sentences of a narrative that can tell an act (four words or more), in order, at most MAX_EVENTS. */
export function narrativeEvents(text: string): string[] {
  return text.split(/(?<=[.?!।|])\s+|\n+/).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 4).slice(0, MAX_EVENTS);
}

/**
 * A narrative, event by event: each event's embedding ("hit him on the head with a rod") is compared with the names
 * of the offences, and the nearest punishing sections of each are taken in turn (every event's nearest, then every
 * event's second …). The narrative as a whole is a blend of all its events and sits near none of their names.
 */
export function eventNames(
  names: Pick<SectionNames, 'match'>, vectors: Float32Array[], languages: readonly ('en' | 'hi' | 'gu')[], isPenal: (id: string) => boolean,
): NameMatch[] {
  const perEvent = vectors.map((v) => names.match(v, EVENT_SCAN, languages).filter((m) => isPenal(m.id)).slice(0, EVENT_NAMES));
  const out = new Map<string, NameMatch>();
  for (let rank = 0; rank < EVENT_NAMES; rank++) for (const list of perEvent) if (list[rank] && !out.has(list[rank].id)) out.set(list[rank].id, list[rank]);
  return [...out.values()];
}
