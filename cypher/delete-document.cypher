UNWIND $ids AS id
MATCH (d:Document {ns: $ns, id: id})
DETACH DELETE d
