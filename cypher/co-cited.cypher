// Only documents the caller may see count (predicate as in graph.filter.ts).
MATCH (:Section {ns: $ns, id: $sectionId})<-[:CITES]-(d:Document {ns: $ns})-[:CITES]->(other:Section)
WHERE other.id <> $sectionId
  AND {{visible d}}
RETURN other.id AS sectionId, count(DISTINCT d) AS count
ORDER BY count DESC, sectionId
LIMIT $limit
