import { registerEnumType } from 'type-graphql';
import { AUTHORITY_LEVELS, DOCUMENT_TYPES, LANGUAGES } from '../../domain/document.types';
import { STATUTE_CODES } from '../../domain/codes';
import { ErrorCode } from '../../errors/error-codes';

/** GraphQL enums built from the domain's own lists, so the two cannot drift apart. */
const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const DocumentTypeEnum = enumOf(DOCUMENT_TYPES);
registerEnumType(DocumentTypeEnum, {
  name: 'DocumentType',
  description: 'FIR, CHARGESHEET, PANCHNAMA, COURT_RULING, BARE_ACT_SECTION, or SOP (SOPs and circulars: lowest authority)',
});

export const LanguageEnum = enumOf(LANGUAGES);
registerEnumType(LanguageEnum, { name: 'Language', description: 'en, hi (Devanagari) or gu (Gujarati script)' });

export const AuthorityEnum = enumOf(AUTHORITY_LEVELS);
registerEnumType(AuthorityEnum, { name: 'AuthorityLevel', description: 'Constitution > Acts > rules > Supreme Court > High Court > SOPs; police records are CASE_RECORD' });

export const StatuteCodeEnum = enumOf(STATUTE_CODES);
registerEnumType(StatuteCodeEnum, { name: 'StatuteCode', description: 'IPC/BNS (penal), CrPC/BNSS (procedure), IEA/BSA (evidence)' });

registerEnumType(ErrorCode, { name: 'ErrorCode', description: 'Stable codes carried in extensions.code of every error' });
