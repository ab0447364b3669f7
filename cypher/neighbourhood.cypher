// Shortest hop count from any start node, over CITES and EQUIVALENT_TO in either direction.
// Variable-length bounds cannot be parameters: the pattern allows 2 hops and $depth (0..2) trims it.
// Documents outside the filter and the caller's access are never walked through (predicate as in graph.filter.ts).
CALL {
  MATCH (s:Section {ns: $ns}) WHERE s.id IN $startIds RETURN s AS start
  UNION
  MATCH (d:Document {ns: $ns}) WHERE d.id IN $startIds RETURN d AS start
}
MATCH p = (start)-[:CITES|EQUIVALENT_TO*0..2]-(n)
WHERE length(p) <= $depth
  AND all(x IN nodes(p) WHERE NOT x:Document OR (
  ($types IS NULL OR x.type IN $types) AND ($districts IS NULL OR toLower(x.district) IN $districts)
  AND ($dateFrom IS NULL OR x.date >= $dateFrom) AND ($dateTo IS NULL OR x.date <= $dateTo)
  AND {{visible x}}))
WITH n, min(length(p)) AS hops
ORDER BY hops, n.id
LIMIT $limit
RETURN n.id AS id
