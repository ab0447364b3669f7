// Removes one namespace, in batches so a large graph does not exhaust the transaction memory.
MATCH (n {ns: $ns})
CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
