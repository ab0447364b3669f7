// The document predicate (filter + caller's access) is the one in graph.filter.ts, repeated in each file.
MATCH (d:Document {ns: $ns})-[:CITES]->(:Section {ns: $ns, id: $sectionId})
WHERE ($types IS NULL OR d.type IN $types) AND ($districts IS NULL OR toLower(d.district) IN $districts)
  AND ($dateFrom IS NULL OR d.date >= $dateFrom) AND ($dateTo IS NULL OR d.date <= $dateTo)
  AND {{visible d}}
WITH d ORDER BY d.date IS NULL, d.date DESC, d.id
WITH collect(d) AS docs
RETURN size(docs) AS total,
  [x IN docs[$offset..($offset + $limit)] | {id: x.id, type: x.type, title: x.title, date: x.date, district: x.district,
    policeStation: x.policeStation, language: x.language}] AS documents
