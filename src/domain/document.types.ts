import type { StatuteCode } from './codes';

export const DOCUMENT_TYPES = ['FIR', 'CHARGESHEET', 'PANCHNAMA', 'COURT_RULING', 'BARE_ACT_SECTION', 'SOP'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const LANGUAGES = ['en', 'hi', 'gu'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Authority used by the optional authority boost: higher is more authoritative.
 * Constitution > Acts > rules > Supreme Court > High Court > SOPs; police documents are evidence, not authority.
 */
export const AUTHORITY_LEVELS = ['CONSTITUTION', 'ACT', 'RULES', 'SUPREME_COURT', 'HIGH_COURT', 'SOP', 'CASE_RECORD'] as const;
export type AuthorityLevel = (typeof AUTHORITY_LEVELS)[number];

/** One structural part of a document (an FIR's "incident", a ruling's paragraph group, a section's text). */
export interface DocumentPart {
  name: string;
  text: string;
}

/**
 * What the ingestion pipeline accepts, after parsing JSON, text or Markdown.
 * Either `parts` (structured) or `text` (free text, split on headings/paragraphs) must be given.
 */
export interface DocumentInput {
  id?: string;
  type: DocumentType;
  title: string;
  language?: Language;
  date?: string; // ISO date YYYY-MM-DD
  district?: string;
  policeStation?: string;
  court?: string;
  authority?: AuthorityLevel;
  /** Sections named in the header of the document, free text ("IPC 302", "कलम 379"), merged with those found in the text. */
  sectionsCited?: string[];
  parts?: DocumentPart[];
  text?: string;
  /** For BARE_ACT_SECTION: which code and number this document is. */
  statute?: { code: StatuteCode; number: string; chapter?: string };
  /** Free-form extra metadata kept with the document (FIR number, case number...). */
  extra?: Record<string, string>;
}
