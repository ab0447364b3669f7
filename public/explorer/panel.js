'use strict';
// The side panel: details of the clicked node, fetched from the API so they honour the caller's token.
(function (ns) {
  const EXCERPT = 600;
  let shown = 0; // the latest click wins when answers arrive out of order

  function row(name, value) {
    return value ? ns.el('div', { class: 'row' }, ns.el('dt', {}, name), ns.el('dd', {}, value)) : null;
  }

  function errorBox(err) {
    const errors = err instanceof ns.api.ApiError ? err.errors : [{ message: String(err && err.message), code: 'CLIENT_ERROR' }];
    return ns.el('div', { class: 'error', role: 'alert' }, errors.map((e) => ns.el('p', {}, e.message, ' ', ns.el('code', {}, e.code))));
  }

  function centreButton(id, onCentre) {
    return ns.el('button', { type: 'button', class: 'centre', onclick: () => onCentre(id) }, 'Centre the graph here');
  }

  function sectionView(s, onCentre) {
    const text = s.text || '';
    return [
      ns.el('p', { class: 'kind' }, s.act),
      ns.el('h2', {}, `${s.code} ${s.number}`, s.title ? ` — ${s.title}` : ''),
      ns.el('dl', {}, row('Hindi title', s.titleHi), row('Chapter', s.chapter), row('Cited by', `${s.citedBy.totalCount} document(s) you may see`)),
      text ? ns.el('blockquote', { class: 'excerpt' }, text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text) : null,
      s.equivalents.length ? ns.el('h3', {}, 'Equivalents') : null,
      s.equivalents.length ? ns.el('ul', { class: 'equivalents' }, s.equivalents.map((e) => ns.el('li', {},
        ns.el('a', { href: `?start=${encodeURIComponent(e.section.id)}`, onclick: (ev) => { ev.preventDefault(); onCentre(e.section.id); } }, e.section.id.replace(':', ' ')),
        e.section.title ? ` ${e.section.title}` : '', ' ', ns.el('span', { class: 'relation' }, e.relation), e.provisions ? ` (${e.provisions})` : ''))) : null,
      centreButton(s.id, onCentre),
    ];
  }

  function documentView(d, onCentre) {
    return [
      ns.el('p', { class: 'kind' }, d.type.replace(/_/g, ' ').toLowerCase()),
      ns.el('h2', {}, d.title),
      ns.el('dl', {}, row('Id', d.id), row('Date', d.date), row('District', d.district), row('Police station', d.policeStation),
        row('Court', d.court), row('Language', d.language), row('Authority', d.authority), row('Cites', d.sections.map((x) => x.replace(':', ' ')).join(', '))),
      centreButton(d.id, onCentre),
    ];
  }

  /** Shows a node: at once what the graph already knows, then the details from the API. */
  async function show(node, token, onCentre) {
    const panel = ns.$('panel');
    const mine = ++shown;
    panel.dataset.nodeId = node.id;
    panel.dataset.state = 'loading';
    panel.replaceChildren(ns.el('h2', {}, node.kind === 'Section' ? node.id.replace(':', ' ') : node.label), ns.el('p', { class: 'hint' }, 'Loading…'));
    let content;
    let state = 'ready';
    try {
      if (node.kind === 'Section') {
        const p = node.properties || {};
        content = sectionView(await ns.api.section(p.code, p.number, token), onCentre);
      } else {
        content = documentView(await ns.api.document(node.id, token), onCentre);
      }
    } catch (err) {
      content = [ns.el('h2', {}, node.label), errorBox(err)];
      state = 'error';
    }
    if (mine !== shown) return;
    panel.replaceChildren(...content.filter(Boolean));
    panel.dataset.state = state;
  }

  function clear() {
    ++shown;
    const panel = ns.$('panel');
    delete panel.dataset.nodeId;
    panel.dataset.state = 'idle';
    panel.replaceChildren(ns.el('p', { class: 'hint' }, 'Click a node for its details; double-click to centre the graph on it.'));
  }

  ns.panel = { show, clear, errorBox };
})(window.NyayaExplorer = window.NyayaExplorer || {});
