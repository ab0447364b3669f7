import { parseSectionId } from '../../domain/codes';
import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import type { StatuteCatalogue } from '../../seeds/statutes';

/**
 * "IPC:302", "IPC 302", "ipc-302a" → "IPC:302A". Unparseable input is BAD_USER_INPUT; a well-formed id the
 * statute catalogue does not know is UNKNOWN_SECTION, so a typo is never answered with an empty graph.
 */
export function sectionRef(input: string, catalogue: StatuteCatalogue): string {
  const m = /^\s*([A-Za-z]+)\s*[:\s-]\s*(\d+\s*[A-Za-z]{0,2})\s*$/.exec(input);
  const parsed = m ? parseSectionId(`${m[1]}:${m[2].replace(/\s/g, '')}`) : null;
  if (!parsed) throw new AppError(ErrorCode.BAD_USER_INPUT, `"${input.slice(0, 40)}" is not a section reference like "IPC 302" or "BNS:103"`);
  const id = `${parsed.code}:${parsed.number}`;
  if (!catalogue.has(id)) throw new AppError(ErrorCode.UNKNOWN_SECTION, `${parsed.code} has no section ${parsed.number}`, { section: id });
  return id;
}
