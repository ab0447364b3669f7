MATCH (d:Document {ns: $ns})
RETURN d.id AS id
ORDER BY id
