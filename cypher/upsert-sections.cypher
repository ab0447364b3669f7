UNWIND $sections AS s
MERGE (n:Section {ns: $ns, id: s.id})
SET n.code = s.code, n.number = s.number,
    n.title = coalesce(s.title, n.title), n.titleHi = coalesce(s.titleHi, n.titleHi),
    n.text = coalesce(s.text, n.text), n.chapter = coalesce(s.chapter, n.chapter)
WITH n, s
OPTIONAL MATCH (act:Act {ns: $ns, code: s.code})
FOREACH (_ IN CASE WHEN act IS NULL THEN [] ELSE [1] END | MERGE (n)-[:PART_OF]->(act))
