// Dated documents per month and district (predicate as in graph.filter.ts).
MATCH (d:Document {ns: $ns})
WHERE d.date IS NOT NULL
  AND ($sectionIds IS NULL OR EXISTS { MATCH (d)-[:CITES]->(s:Section {ns: $ns}) WHERE s.id IN $sectionIds })
  AND ($types IS NULL OR d.type IN $types) AND ($districts IS NULL OR toLower(d.district) IN $districts)
  AND ($dateFrom IS NULL OR d.date >= $dateFrom) AND ($dateTo IS NULL OR d.date <= $dateTo)
  AND {{visible d}}
RETURN substring(d.date, 0, 7) AS month, d.district AS district, count(*) AS documents
ORDER BY month, district
