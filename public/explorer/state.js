'use strict';
// What the page shows, as one plain object, read from and written to the URL (so a view can be linked to and
// opened directly) and the form. The token is never part of it: a bearer token must not end up in a URL.
(function (ns) {
  const CODES = { ipc: 'IPC', bns: 'BNS', crpc: 'CrPC', bnss: 'BNSS', iea: 'IEA', bsa: 'BSA' };
  // "IPC 302", "IPC:302", "ipc.302", "BNS 103(1)" (the sub-section is dropped: the graph is by section).
  const SECTION = /^(ipc|bns|crpc|bnss|iea|bsa)\s*[:.]?\s*(?:s\.?\s*|section\s+)?(\d+[a-z]{0,2})(?:\s*\(\w+\))*$/i;
  const LIST = /\s*[,;]\s*/;

  /** A section reference becomes its id (IPC:302); anything else is taken as a document id. */
  function parseStartId(raw) {
    const m = SECTION.exec(raw.trim());
    return m ? `${CODES[m[1].toLowerCase()]}:${m[2].toUpperCase()}` : raw.trim();
  }

  const SECTION_ID = /^(IPC|BNS|CrPC|BNSS|IEA|BSA):\w+$/;
  /** Section ids among the start ids: the path and the trends are about sections, never documents. */
  const sectionIds = (ids) => ids.filter((id) => SECTION_ID.test(id));

  const list = (s) => (s || '').split(LIST).map((x) => x.trim()).filter(Boolean);
  const DATE = /^\d{4}-\d{2}-\d{2}$/;

  function fromParams(params) {
    const depth = Number(params.get('depth'));
    const limit = params.get('limit');
    return {
      start: list(params.get('start')).map(parseStartId),
      depth: depth === 2 ? 2 : 1,
      // Passed on as given: the API validates it and the page shows its error.
      limit: limit === null || limit === '' ? null : Number(limit),
      types: list(params.get('types')).map((t) => t.toUpperCase()),
      districts: list(params.get('district')),
      dateFrom: DATE.test(params.get('dateFrom') || '') ? params.get('dateFrom') : '',
      dateTo: DATE.test(params.get('dateTo') || '') ? params.get('dateTo') : '',
      pathTo: parseStartId(params.get('pathTo') || ''),
    };
  }

  function toSearch(state) {
    const params = new URLSearchParams();
    params.set('start', state.start.join(','));
    params.set('depth', String(state.depth));
    if (state.limit !== null) params.set('limit', String(state.limit));
    if (state.types.length) params.set('types', state.types.join(','));
    if (state.districts.length) params.set('district', state.districts.join(','));
    if (state.dateFrom) params.set('dateFrom', state.dateFrom);
    if (state.dateTo) params.set('dateTo', state.dateTo);
    if (state.pathTo) params.set('pathTo', state.pathTo);
    return `?${params.toString().replace(/%3A/g, ':').replace(/%2C/g, ',')}`;
  }

  /** The ticked types; all ticked (or none) means no type filter, so the URL stays short. */
  function tickedTypes(form) {
    const boxes = [...form.querySelectorAll('input[name="types"]')];
    const ticked = boxes.filter((b) => b.checked).map((b) => b.value);
    return ticked.length === boxes.length ? [] : ticked;
  }

  function readForm(form, previous) {
    return {
      start: list(form.elements.start.value).map(parseStartId),
      depth: Number(form.elements.depth.value) === 2 ? 2 : 1,
      limit: previous ? previous.limit : null,
      types: tickedTypes(form),
      districts: list(form.elements.district.value),
      dateFrom: form.elements.dateFrom.value,
      dateTo: form.elements.dateTo.value,
      pathTo: parseStartId(form.elements.pathTo.value),
    };
  }

  function writeForm(form, state) {
    form.elements.start.value = state.start.join(', ');
    form.elements.depth.value = String(state.depth);
    for (const box of form.querySelectorAll('input[name="types"]')) box.checked = !state.types.length || state.types.includes(box.value);
    form.elements.district.value = state.districts.join(', ');
    form.elements.dateFrom.value = state.dateFrom;
    form.elements.dateTo.value = state.dateTo;
    form.elements.pathTo.value = state.pathTo;
  }

  function documentFilter(state) {
    const filter = {};
    if (state.types.length) filter.types = state.types;
    if (state.districts.length) filter.districts = state.districts;
    if (state.dateFrom) filter.dateFrom = state.dateFrom;
    if (state.dateTo) filter.dateTo = state.dateTo;
    return filter;
  }

  /** The caseSectionGraph variables for a state; no filter object at all when nothing is filtered. */
  function graphVariables(state) {
    const filter = documentFilter(state);
    const start = { ids: state.start, depth: state.depth };
    if (state.limit !== null) start.limit = state.limit;
    return { start, filter: Object.keys(filter).length ? filter : null };
  }

  /** The sectionTrends filter: the start sections under the same document filters as the graph. */
  function trendsVariables(state) {
    return { filter: { ...documentFilter(state), sections: sectionIds(state.start), includeEquivalents: true } };
  }

  ns.state = { parseStartId, sectionIds, fromParams, toSearch, readForm, writeForm, graphVariables, trendsVariables };
})(window.NyayaExplorer = window.NyayaExplorer || {});
