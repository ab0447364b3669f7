MATCH (d:Document {ns: $ns})-[c:CITES]->(s:Section)
WHERE d.id IN $ids
RETURN d.id AS documentId, s.id AS sectionId, c.inferred AS inferred
ORDER BY documentId, sectionId
