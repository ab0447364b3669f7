MATCH (:Section {ns: $ns, id: $sectionId})<-[:CITES]-(d:Document {ns: $ns})-[:CITES]->(other:Section)
WHERE other.id <> $sectionId
RETURN other.id AS sectionId, count(DISTINCT d) AS count
ORDER BY count DESC, sectionId
LIMIT $limit
