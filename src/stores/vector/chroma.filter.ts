import type { Where } from 'chromadb';
import type { SearchFilter, VectorMetadata } from '../store.types';

/** Chroma compares only numbers with $gte/$lte, so dates are kept as yyyymmdd integers too. */
export const dateNumber = (iso: string) => Number(iso.slice(0, 10).replace(/-/g, ''));

/** Chroma rejects null metadata values: absent fields are left out, and read back as null. */
export function toChromaMetadata(documentId: string, m: VectorMetadata): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = { document_id: documentId, document_type: m.documentType, language: m.language };
  if (m.date) out.date = dateNumber(m.date);
  if (m.district) out.district = m.district.toLowerCase();
  if (m.sectionId) {
    out.section_id = m.sectionId;
    out.section_code = m.sectionId.split(':')[0];
  }
  if (m.sections.length) out.sections = m.sections;
  return out;
}

/** The same SearchFilter the SQL stores apply, as a Chroma where-clause. */
export function toChromaWhere(f: SearchFilter | undefined): Where | undefined {
  if (!f) return undefined;
  const parts: Where[] = [];
  if (f.documentTypes?.length) parts.push({ document_type: { $in: f.documentTypes } });
  if (f.languages?.length) parts.push({ language: { $in: f.languages } });
  if (f.districts?.length) parts.push({ district: { $in: f.districts.map((d) => d.toLowerCase()) } });
  if (f.dateFrom) parts.push({ date: { $gte: dateNumber(f.dateFrom) } });
  if (f.dateTo) parts.push({ date: { $lte: dateNumber(f.dateTo) } });
  if (f.sections?.length) {
    const any: Where[] = f.sections.flatMap((s) => [{ sections: { $contains: s } } as Where, { section_id: s }]);
    parts.push({ $or: any });
  }
  if (f.codes?.length) parts.push({ section_code: { $in: f.codes } });
  if (f.documentIds?.length) parts.push({ document_id: { $in: f.documentIds } });
  if (f.access && !f.access.all) {
    // Chroma's $in needs a non-empty list; an empty one would match nothing anyway.
    const open: Where[] = [];
    if (f.access.openTypes.length) open.push({ document_type: { $in: f.access.openTypes } });
    if (f.access.districts.length) open.push({ district: { $in: f.access.districts } });
    if (!open.length) parts.push({ document_id: { $in: ['\u0000none'] } });
    else parts.push(open.length === 1 ? open[0] : { $or: open });
  }
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : { $and: parts };
}
