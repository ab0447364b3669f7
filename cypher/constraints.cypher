// Every node carries `ns` (the namespace: one per deployment or test) and its own id; (ns, id) is unique.
CREATE CONSTRAINT section_ns_id IF NOT EXISTS FOR (s:Section) REQUIRE (s.ns, s.id) IS UNIQUE;
CREATE CONSTRAINT document_ns_id IF NOT EXISTS FOR (d:Document) REQUIRE (d.ns, d.id) IS UNIQUE;
CREATE CONSTRAINT act_ns_code IF NOT EXISTS FOR (a:Act) REQUIRE (a.ns, a.code) IS UNIQUE;
CREATE INDEX document_date IF NOT EXISTS FOR (d:Document) ON (d.date);
CREATE INDEX document_district IF NOT EXISTS FOR (d:Document) ON (d.district)
