UNWIND $edges AS e
MERGE (a:Section {ns: $ns, id: e.fromId}) ON CREATE SET a.code = e.fromCode, a.number = e.fromNumber
MERGE (b:Section {ns: $ns, id: e.toId}) ON CREATE SET b.code = e.toCode, b.number = e.toNumber
MERGE (a)-[r:EQUIVALENT_TO]->(b)
SET r.relation = e.relation, r.provisions = e.provisions
