MATCH (s:Section {ns: $ns})
WHERE s.id IN $ids
RETURN s.id AS id, s.code AS code, s.number AS number, s.title AS title, s.titleHi AS titleHi, s.text AS text, s.chapter AS chapter
ORDER BY id
