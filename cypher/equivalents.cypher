MATCH (a:Section {ns: $ns})-[r:EQUIVALENT_TO]-(b:Section {ns: $ns})
WHERE a.id IN $ids
RETURN DISTINCT a.id AS fromId, b.id AS toId, r.relation AS relation, r.provisions AS provisions
ORDER BY fromId, toId
