// Removes the relationships of one namespace's nodes first, in batches: DETACH DELETE of a section node cited by a
// hundred thousand FIRs would delete all its relationships in one batch and exceed the transaction memory. Outgoing
// only, so each is matched once; the few that come in from outside the namespace go with DETACH DELETE (drop.cypher).
MATCH (n {ns: $ns})-[r]->()
CALL { WITH r DELETE r } IN TRANSACTIONS OF 5000 ROWS
