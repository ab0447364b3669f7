// Replaces each document's node and all its CITES edges in one statement, so a retry is harmless.
// $docs is a batch: the outbox applies a whole ingest group at once.
UNWIND $docs AS doc
MERGE (d:Document {ns: $ns, id: doc.id})
SET d.type = doc.type, d.title = doc.title, d.date = doc.date, d.district = doc.district,
    d.policeStation = doc.policeStation, d.language = doc.language
WITH d, doc
OPTIONAL MATCH (d)-[old:CITES]->()
DELETE old
WITH DISTINCT d, doc
UNWIND doc.cites AS c
MERGE (s:Section {ns: $ns, id: c.sectionId}) ON CREATE SET s.code = c.code, s.number = c.number
CREATE (d)-[:CITES {inferred: c.inferred, subsections: c.subsections}]->(s)
