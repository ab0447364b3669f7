// Shortest hop count from any start node, over CITES and EQUIVALENT_TO in either direction.
// Variable-length bounds cannot be parameters: the pattern allows 2 hops and $depth (0..2) trims it.
CALL {
  MATCH (s:Section {ns: $ns}) WHERE s.id IN $startIds RETURN s AS start
  UNION
  MATCH (d:Document {ns: $ns}) WHERE d.id IN $startIds RETURN d AS start
}
MATCH p = (start)-[:CITES|EQUIVALENT_TO*0..2]-(n)
WHERE length(p) <= $depth
WITH n, min(length(p)) AS hops
ORDER BY hops, n.id
LIMIT $limit
RETURN n.id AS id
