// What the caller may see of document {{node}}: every document, an open type, or one of its districts (AccessScope).
($allAccess OR {{node}}.type IN $openTypes OR toLower({{node}}.district) IN $accessDistricts)
