// All shortest paths between two sections, then the code-point-smallest list of ids, the same choice as
// sql.paths.ts. The hop bound cannot be a parameter: the pattern allows 6 and $maxHops trims it.
MATCH (a:Section {ns: $ns, id: $fromId}), (b:Section {ns: $ns, id: $toId})
MATCH p = allShortestPaths((a)-[:CITES|EQUIVALENT_TO*..6]-(b))
WHERE length(p) <= $maxHops
  AND all(r IN relationships(p) WHERE $viaEquivalents OR type(r) = 'CITES')
  AND all(x IN nodes(p) WHERE NOT x:Document OR {{visible x}})
WITH [x IN nodes(p) | x.id] AS ids
RETURN ids
ORDER BY ids
LIMIT 1
