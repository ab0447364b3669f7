import { DOCUMENT_TYPES } from '../../domain/document.types';

/** Scripts in load order: each adds its part to window.NyayaExplorer; main.js wires them to the page. */
const SCRIPTS = ['dom.js', 'state.js', 'api.js', 'style.js', 'panel.js', 'path.js', 'trends.js', 'main.js'];

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The explorer's HTML. No inline script or style, so the page keeps working under a strict
 * Content-Security-Policy; the GraphQL path reaches the scripts through a data attribute.
 */
export function explorerPage(graphqlPath: string): string {
  const typeBoxes = DOCUMENT_TYPES.map((t) =>
    `<label><input type="checkbox" name="types" value="${t}" checked> ${t.replace(/_/g, ' ').toLowerCase()}</label>`).join('\n        ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nyaya Graph — explorer</title>
<link rel="stylesheet" href="/explorer/assets/explorer.css">
</head>
<body data-graphql="${escapeAttr(graphqlPath)}" data-state="idle" data-loads="0">
<header>
  <h1>Nyaya Graph <span>explorer</span></h1>
  <form id="controls" autocomplete="off">
    <label>Start <input id="start" name="start" required placeholder="IPC 302, BNS:103 or a document id"
      title="A section (IPC 302, IPC:302, BNS 103) or a document id; several separated by commas"></label>
    <label>Depth <select id="depth" name="depth"><option value="1">1</option><option value="2">2</option></select></label>
    <label>Path to <input id="pathTo" name="pathTo" placeholder="BNS 303"
      title="A second section: the shortest chain from the start section to it, through cases and equivalences"></label>
    <button type="button" id="findPath">Find path</button>
    <fieldset id="types"><legend>Document types</legend>
        ${typeBoxes}
    </fieldset>
    <label>District <input id="district" name="district" placeholder="any (Surat, Ahmedabad…)"></label>
    <label>From <input id="dateFrom" name="dateFrom" type="date"></label>
    <label>To <input id="dateTo" name="dateTo" type="date"></label>
    <label>Token <input id="token" name="token" type="password" placeholder="optional" title="Sent as Authorization: Bearer &lt;token&gt;; never put in the URL"></label>
    <button type="submit" id="show">Show graph</button>
  </form>
</header>
<div id="error" role="alert" hidden></div>
<main>
  <section id="graph">
    <div id="cy" aria-label="Graph of cases, sections and equivalents"></div>
    <p id="empty" hidden></p>
    <p id="status" aria-live="polite"></p>
    <ul id="legend" aria-label="Legend"></ul>
  </section>
  <aside id="side">
    <section id="path" aria-live="polite" hidden></section>
    <section id="trends" aria-live="polite" hidden></section>
    <div id="panel" aria-live="polite"><p class="hint">Click a node for its details; double-click to centre the graph on it.</p></div>
  </aside>
</main>
<script src="/vendor/cytoscape.min.js" defer></script>
${SCRIPTS.map((s) => `<script src="/explorer/assets/${s}" defer></script>`).join('\n')}
</body></html>`;
}
