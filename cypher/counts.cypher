CALL { MATCH (s:Section {ns: $ns}) RETURN count(s) AS sections }
CALL { MATCH (d:Document {ns: $ns}) RETURN count(d) AS documents }
CALL { MATCH (:Document {ns: $ns})-[c:CITES]->() RETURN count(c) AS cites }
CALL { MATCH (:Section {ns: $ns})-[e:EQUIVALENT_TO]->() RETURN count(e) AS equivalences }
RETURN sections, documents, cites, equivalences
