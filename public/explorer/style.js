'use strict';
// How the graph looks. Old codes (IPC, CrPC, IEA) are warm and new ones (BNS, BNSS, BSA) cool, so a glance tells
// which side of 1 July 2024 a section is on; documents are round and coloured by type.
(function (ns) {
  const SECTION_COLOURS = {
    IPC: '#e8590c', CrPC: '#f59f00', IEA: '#c92a2a',
    BNS: '#1c7ed6', BNSS: '#0c8599', BSA: '#3b5bdb',
  };
  const DOCUMENT_COLOURS = {
    COURT_RULING: '#2f9e44', FIR: '#9c36b5', CHARGESHEET: '#d6336c',
    PANCHNAMA: '#66a80f', SOP: '#868e96', BARE_ACT_SECTION: '#495057',
  };
  const UNKNOWN = '#adb5bd';
  const EQUIVALENT = '#5f3dc4';
  // Magenta is far from every code and document colour, so a path stands out whatever it runs through.
  const PATH = '#ff00cc';

  function colourOf(node) {
    const p = node.properties || {};
    return (node.kind === 'Section' ? SECTION_COLOURS[p.code] : DOCUMENT_COLOURS[p.type]) || UNKNOWN;
  }

  const cut = (s, n) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : s || '');

  /** Two short lines under the node: the section and its title, or the document's title and date. */
  function labelOf(node) {
    const p = node.properties || {};
    if (node.kind === 'Section') return `${node.id.replace(':', ' ')}\n${cut(p.title, 26)}`;
    return `${cut(node.label, 28)}${p.date ? `\n${p.date}` : ''}`;
  }

  const stylesheet = [
    { selector: 'node', style: {
      'background-color': 'data(colour)', label: 'data(caption)', 'font-size': 10, color: '#212529',
      'text-valign': 'bottom', 'text-margin-y': 4, 'text-wrap': 'wrap', 'text-max-width': 140,
      'text-background-color': '#ffffff', 'text-background-opacity': 0.8, 'text-background-padding': 1,
      width: 30, height: 30,
    } },
    { selector: 'node[kind = "Section"]', style: { shape: 'round-rectangle', width: 46, height: 28 } },
    { selector: 'node[kind = "Document"]', style: { shape: 'ellipse' } },
    { selector: 'node.start', style: { 'border-width': 3, 'border-color': '#212529' } },
    // Selection shows as a border only: the fill stays the node's colour (the e2e test looks for it).
    { selector: 'node:selected', style: { 'background-color': 'data(colour)', 'border-width': 4, 'border-color': '#fab005' } },
    { selector: 'edge', style: { width: 1.5, 'curve-style': 'bezier', 'line-color': '#adb5bd', 'target-arrow-color': '#adb5bd' } },
    { selector: 'edge[kind = "CITES"]', style: { 'target-arrow-shape': 'triangle', 'arrow-scale': 0.8 } },
    { selector: 'edge[kind = "EQUIVALENT_TO"]', style: {
      width: 3, 'line-style': 'dashed', 'line-color': EQUIVALENT, 'target-arrow-color': EQUIVALENT, 'source-arrow-color': EQUIVALENT,
      'target-arrow-shape': 'vee', label: 'data(relation)', 'font-size': 9, color: EQUIVALENT,
      'text-background-color': '#ffffff', 'text-background-opacity': 1, 'text-background-padding': 2,
    } },
    // A path keeps each node's own fill (its code or type still reads) and rings it instead; its edges keep
    // their kind's line style (an equivalence stays dashed) but take the path colour and width.
    { selector: 'node.path', style: { 'underlay-color': PATH, 'underlay-padding': 7, 'underlay-opacity': 1, 'underlay-shape': 'round-rectangle' } },
    { selector: 'node.path[kind = "Document"]', style: { 'underlay-shape': 'ellipse' } },
    { selector: 'edge.path', style: {
      width: 6, 'line-color': PATH, 'target-arrow-color': PATH, 'source-arrow-color': PATH, 'z-index': 10,
    } },
    { selector: '.faded', style: { opacity: 0.3 } },
  ];

  /** Legend entries, in the order shown. */
  function legend() {
    return [
      ...Object.entries(SECTION_COLOURS).map(([code, colour]) => ({ label: `${code} section`, colour, shape: 'square' })),
      ...Object.entries(DOCUMENT_COLOURS).map(([type, colour]) => ({ label: type.replace(/_/g, ' ').toLowerCase(), colour, shape: 'round' })),
      { label: 'cites', colour: '#adb5bd', shape: 'line' },
      { label: 'equivalent (mapped / split / merged)', colour: EQUIVALENT, shape: 'dashed' },
      { label: 'path', colour: PATH, shape: 'line' },
    ];
  }

  ns.style = { stylesheet, colourOf, labelOf, legend };
})(window.NyayaExplorer = window.NyayaExplorer || {});
