CALL {
  MATCH (a:Document {ns: $ns})-[r:CITES]->(b:Section {ns: $ns}) WHERE a.id IN $ids AND b.id IN $ids
  RETURN a.id AS source, b.id AS target, 'CITES' AS kind, null AS relation
  UNION
  MATCH (a:Section {ns: $ns})-[r:EQUIVALENT_TO]->(b:Section {ns: $ns}) WHERE a.id IN $ids AND b.id IN $ids
  RETURN a.id AS source, b.id AS target, 'EQUIVALENT_TO' AS kind, r.relation AS relation
}
RETURN source, target, kind, relation
