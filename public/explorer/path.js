'use strict';
// The path view: how the start section reaches the "Path to" section (sectionPath). The path is merged into the
// graph rather than drawn alone, so the cases around it stay in view; everything off the path is faded.
(function (ns) {
  // The API's default; sent explicitly so that "No path within N hops" names what was really asked.
  const MAX_HOPS = 4;
  const TITLE = 60;

  const sectionName = (id) => id.replace(':', ' ');
  const cut = (s) => (s.length > TITLE ? `${s.slice(0, TITLE - 1)}…` : s);

  /**
   * What the path view shows for a state: none (no "Path to"), nostart (no section to start from), found,
   * missing or error. Never rejects: a failed path must not cost the analyst the graph.
   */
  async function fetchPath(state, token) {
    if (!state.pathTo) return { status: 'none' };
    const from = ns.state.sectionIds(state.start)[0];
    if (!from) return { status: 'nostart', to: state.pathTo };
    try {
      const result = await ns.api.path(from, state.pathTo, MAX_HOPS, token);
      return { status: result.found ? 'found' : 'missing', from, to: state.pathTo, result };
    } catch (err) {
      return { status: 'error', from, to: state.pathTo, err };
    }
  }

  // Equivalences come in either direction from the two queries, so an edge is matched without its direction.
  const edgeKey = (e) => [e.kind, ...[e.source, e.target].sort()].join(' ');

  /**
   * The graph plus the path's nodes and edges it lacks (the path ignores the page's filters: the API has none).
   * Path nodes come first, in path order: the concentric layout puts the first node of each ring at the same
   * angle, so the path runs straight out from the start instead of crossing the graph.
   */
  function merge(graph, outcome) {
    if (outcome.status !== 'found') return graph;
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    const onPath = new Set(outcome.result.nodes.map((n) => n.id));
    const edges = new Set(graph.edges.map(edgeKey));
    return {
      nodes: [...outcome.result.nodes.map((n) => byId.get(n.id) || n), ...graph.nodes.filter((n) => !onPath.has(n.id))],
      edges: [...graph.edges, ...outcome.result.edges.filter((e) => !edges.has(edgeKey(e)))],
    };
  }

  /** Marks the path's nodes and edges with the class "path" and fades the rest. */
  function highlight(cy, outcome) {
    cy.elements().removeClass('path faded');
    if (outcome.status !== 'found') return;
    const onPath = new Set(outcome.result.nodes.map((n) => n.id));
    const pathEdges = new Set(outcome.result.edges.map(edgeKey));
    const nodes = cy.nodes().filter((n) => onPath.has(n.id()));
    const edges = cy.edges().filter((e) => pathEdges.has(edgeKey(e.data())));
    nodes.union(edges).addClass('path');
    cy.elements().not(nodes.union(edges)).addClass('faded');
  }

  function step(node, onStep) {
    const name = node.kind === 'Section' ? sectionName(node.id) : cut(node.label);
    return ns.el('a', { href: '#', class: 'step', 'data-id': node.id, title: node.label, onclick: (ev) => { ev.preventDefault(); onStep(node.id); } }, name);
  }

  function summary(outcome, onStep) {
    const { hops, nodes } = outcome.result;
    const line = ns.el('p', { class: 'path-line' });
    nodes.forEach((n, i) => line.append(...(i ? [' → '] : []), step(n, onStep)));
    line.append(`: ${hops} hop${hops === 1 ? '' : 's'}`);
    return line;
  }

  /** The path block in the side panel; hidden when no path was asked for. */
  function show(outcome, { onStep, onClear } = {}) {
    const box = ns.$('path');
    const status = outcome ? outcome.status : 'none';
    box.dataset.state = status;
    box.hidden = status === 'none';
    if (box.hidden) return box.replaceChildren();
    const route = outcome.from ? `from ${sectionName(outcome.from)} to ${sectionName(outcome.to)}` : '';
    const content = {
      found: () => summary(outcome, onStep),
      missing: () => ns.el('p', { class: 'path-none' }, `No path within ${MAX_HOPS} hops ${route} (through documents you may see and IPC ⇄ BNS equivalents).`),
      nostart: () => ns.el('p', { class: 'hint' }, 'A path starts from a section: start from one (IPC 34, BNS 303) to find a path.'),
      error: () => ns.panel.errorBox(outcome.err),
    }[status]();
    box.replaceChildren(
      ns.el('h3', {}, 'Path', route ? ` ${route}` : ''), content,
      ns.el('button', { type: 'button', class: 'clear-path', onclick: onClear }, 'Clear path'),
    );
  }

  ns.path = { MAX_HOPS, fetch: fetchPath, merge, highlight, show };
})(window.NyayaExplorer = window.NyayaExplorer || {});
