CALL {
  MATCH (s:Section {ns: $ns}) WHERE s.id IN $ids
  RETURN s.id AS id, 'Section' AS kind, s.title AS title, s.code AS code, s.number AS number,
    null AS type, null AS date, null AS district
  UNION
  MATCH (d:Document {ns: $ns}) WHERE d.id IN $ids
  RETURN d.id AS id, 'Document' AS kind, d.title AS title, null AS code, null AS number,
    d.type AS type, d.date AS date, d.district AS district
}
RETURN id, kind, title, code, number, type, date, district
