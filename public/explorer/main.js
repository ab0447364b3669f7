'use strict';
/* global cytoscape */
// Wires the form, the URL, the API and cytoscape together. For tests and the console: window.cy is the
// cytoscape instance, body[data-state] is idle|loading|ready|empty|error and body[data-loads] counts finished loads
// (graph, path and trends all shown); #path[data-state] and #trends[data-state] tell how those two ended.
(function (ns) {
  const body = document.body;
  ns.graphqlUrl = new URL(body.dataset.graphql, location.href).href;
  const form = ns.$('controls');
  let current = ns.state.fromParams(new URLSearchParams(location.search));
  let loadSeq = 0;

  const cy = cytoscape({ container: ns.$('cy'), style: ns.style.stylesheet, minZoom: 0.15, maxZoom: 3, boxSelectionEnabled: false });
  window.cy = cy;

  const token = () => form.elements.token.value.trim();

  function setState(state) {
    body.dataset.state = state;
  }

  function showErrors(err) {
    const box = ns.$('error');
    if (!err) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.replaceChildren(ns.el('strong', {}, 'The API answered with an error:'), ns.panel.errorBox(err));
    box.hidden = false;
  }

  function showEmpty(message) {
    const empty = ns.$('empty');
    empty.textContent = message || '';
    empty.hidden = !message;
  }

  /** Hops from the start nodes, so that the concentric layout puts them in the middle and each ring further out. */
  function levels(graph, startIds) {
    const next = new Map(graph.nodes.map((n) => [n.id, []]));
    for (const e of graph.edges) {
      if (next.has(e.source) && next.has(e.target)) {
        next.get(e.source).push(e.target);
        next.get(e.target).push(e.source);
      }
    }
    const level = new Map(startIds.filter((id) => next.has(id)).map((id) => [id, 0]));
    const queue = [...level.keys()];
    while (queue.length) {
      const id = queue.shift();
      for (const to of next.get(id)) if (!level.has(to)) { level.set(to, level.get(id) + 1); queue.push(to); }
    }
    return level;
  }

  /**
   * `straight` (a path is shown): rings start on the right, so the path reads left to right clear of the labels
   * under the nodes, and stand further apart, so that the labels along it do not run into each other.
   */
  function draw(graph, state, straight) {
    const level = levels(graph, state.start);
    const far = Math.max(0, ...level.values()) + 1;
    cy.elements().remove();
    cy.add([
      ...graph.nodes.map((n) => ({
        group: 'nodes',
        data: { id: n.id, kind: n.kind, label: n.label, properties: n.properties, colour: ns.style.colourOf(n), caption: ns.style.labelOf(n), level: level.get(n.id) ?? far },
        classes: state.start.includes(n.id) ? 'start' : '',
      })),
      ...graph.edges.map((e, i) => ({ group: 'edges', data: { id: `e${i}`, source: e.source, target: e.target, kind: e.kind, relation: e.relation || '' } })),
    ]);
    cy.layout({
      name: 'concentric', startAngle: straight ? 0 : 3 / 2 * Math.PI, concentric: (n) => far + 1 - n.data('level'), levelWidth: () => 1,
      minNodeSpacing: straight ? 100 : 40, spacingFactor: 1, animate: false, fit: true, padding: 40, avoidOverlap: true,
    }).run();
    // fit would blow a handful of nodes up to maxZoom: keep them at a readable size instead.
    if (cy.zoom() > 1.5) cy.zoom(1.5).center();
  }

  function describe(graph) {
    const sections = graph.nodes.filter((n) => n.kind === 'Section').length;
    return `${sections} section(s), ${graph.nodes.length - sections} document(s), ${graph.edges.length} link(s)`;
  }

  async function load(state, { push } = { push: false }) {
    const mine = ++loadSeq;
    current = state;
    ns.state.writeForm(form, state);
    if (push) history.pushState(null, '', ns.state.toSearch(state));
    showErrors(null);
    if (!state.start.length) {
      cy.elements().remove();
      ns.path.show(null);
      ns.trends.load(state, token());
      showEmpty('Enter a section (IPC 302, BNS:103) or a document id to start from.');
      return finish(mine, 'empty');
    }
    setState('loading');
    ns.$('status').textContent = 'Loading…';
    // All three asked at once; the page counts as loaded (data-loads) only when the trends are shown too.
    const pathAsked = ns.path.fetch(state, token());
    const trendsShown = ns.trends.load(state, token());
    const outcome = await drawGraph(mine, state, pathAsked);
    await trendsShown;
    if (outcome) finish(mine, outcome);
  }

  /** The graph with the path merged in; how the load ended, or nothing when a newer load took over. */
  async function drawGraph(mine, state, pathAsked) {
    try {
      const graph = await ns.api.graph(ns.state.graphVariables(state), token());
      const path = await pathAsked;
      if (mine !== loadSeq) return null;
      const drawn = ns.path.merge(graph, path);
      draw(drawn, state, path.status === 'found');
      ns.path.highlight(cy, path);
      ns.path.show(path, { onStep: showNode, onClear: () => load({ ...current, pathTo: '' }, { push: true }) });
      ns.panel.clear();
      ns.$('status').textContent = describe(drawn);
      if (!graph.nodes.length) {
        showEmpty(`Nothing found for ${state.start.join(', ')}: no such section or document, or none you may see.`);
        return 'empty';
      }
      const filtered = state.types.length || state.districts.length || state.dateFrom || state.dateTo;
      const noDocuments = graph.nodes.every((n) => n.kind === 'Section');
      showEmpty(noDocuments ? (filtered ? 'No document matches the filters: only sections are shown.' : 'No document cites these sections (or none you may see).') : '');
      return 'ready';
    } catch (err) {
      if (mine !== loadSeq) return null;
      cy.elements().remove();
      ns.path.show(null);
      showEmpty('');
      ns.$('status').textContent = '';
      showErrors(err);
      return 'error';
    }
  }

  function finish(mine, state) {
    if (mine !== loadSeq) return;
    setState(state);
    body.dataset.loads = String(Number(body.dataset.loads) + 1);
  }

  function centreOn(id) {
    load({ ...current, start: [id] }, { push: true });
  }

  function details(node) {
    const d = node.data();
    ns.panel.show({ id: d.id, kind: d.kind, label: d.label, properties: d.properties }, token(), centreOn);
  }

  /** A step of the path text was clicked: select that node and show its details, as a click on it would. */
  function showNode(id) {
    const node = cy.$id(id);
    if (node.empty()) return;
    cy.$(':selected').unselect();
    node.select();
    details(node);
  }

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    load(ns.state.readForm(form, current), { push: true });
  });
  ns.$('findPath').addEventListener('click', () => {
    const input = form.elements.pathTo;
    input.setCustomValidity(input.value.trim() ? '' : 'Enter the section to reach, e.g. BNS 303');
    if (input.reportValidity()) form.requestSubmit();
  });
  form.elements.pathTo.addEventListener('input', () => form.elements.pathTo.setCustomValidity(''));
  window.addEventListener('popstate', () => load(ns.state.fromParams(new URLSearchParams(location.search))));
  // cytoscape fires dbltap for any two quick taps, even on two different nodes: only the same node twice re-centres.
  const taps = [null, null];
  cy.on('tap', (ev) => taps.splice(0, 2, taps[1], ev.target === cy ? null : ev.target.id()));
  cy.on('tap', 'node', (ev) => details(ev.target));
  cy.on('tap', (ev) => { if (ev.target === cy) ns.panel.clear(); });
  cy.on('dbltap', 'node', (ev) => {
    if (taps[0] === ev.target.id() && taps[1] === ev.target.id()) centreOn(ev.target.id());
  });

  ns.$('legend').replaceChildren(...ns.style.legend().map((item) => {
    const swatch = ns.el('span', { class: `swatch ${item.shape}` });
    swatch.style.setProperty('--swatch', item.colour); // through CSSOM: a style attribute would need 'unsafe-inline'
    return ns.el('li', {}, swatch, item.label);
  }));

  load(current);
})(window.NyayaExplorer = window.NyayaExplorer || {});
