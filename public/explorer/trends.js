'use strict';
// The trends block: documents per month citing the start section(s) and their equivalents (sectionTrends),
// under the page's filters, drawn as plain SVG bars (a charting library would be more to serve offline than
// the whole explorer) with a district selector and a month × district table.
(function (ns) {
  const SVG = 'http://www.w3.org/2000/svg';
  const W = 300;
  const H = 110;
  const TOP = 14;
  const BASE = 92;
  // Past five years of months the bars would be slivers: only months with documents are drawn then.
  const FILL_GAPS_UP_TO = 60;

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    for (const child of children) node.append(child);
    return node;
  }

  const sectionName = (id) => id.replace(':', ' ');
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

  function nextMonth(month) {
    const [y, m] = month.split('-').map(Number);
    return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  }

  /** Documents per month over the chosen points, the months without any included while the span is short. */
  function perMonth(points) {
    const counts = new Map();
    for (const p of points) counts.set(p.month, (counts.get(p.month) || 0) + p.documents);
    const months = [...counts.keys()].sort();
    if (!months.length) return [];
    const all = [months[0]];
    while (all[all.length - 1] < months[months.length - 1] && all.length <= FILL_GAPS_UP_TO) all.push(nextMonth(all[all.length - 1]));
    const span = all.length <= FILL_GAPS_UP_TO ? all : months;
    return span.map((month) => ({ month, documents: counts.get(month) || 0 }));
  }

  function chart(months) {
    const max = Math.max(1, ...months.map((m) => m.documents));
    const slot = W / months.length;
    const width = Math.min(36, Math.max(1, slot * 0.8)); // a month or two must not turn into slabs
    const bars = months.map((m, i) => {
      const h = (m.documents / max) * (BASE - TOP);
      return svg('rect', {
        class: 'bar', x: (i * slot + (slot - width) / 2).toFixed(1), y: (BASE - h).toFixed(1), width: width.toFixed(1),
        height: h.toFixed(1), 'data-month': m.month, 'data-documents': m.documents,
      }, svg('title', {}, `${m.month}: ${plural(m.documents, 'document')}`));
    });
    const text = (x, y, anchor, value) => {
      const t = svg('text', { x, y, 'text-anchor': anchor });
      t.textContent = value;
      return t;
    };
    return svg('svg', { class: 'trends-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Documents per month' },
      svg('line', { class: 'axis', x1: 0, y1: BASE, x2: W, y2: BASE }),
      ...bars,
      text(0, 10, 'start', `${max} max`),
      text(0, H - 4, 'start', months[0].month),
      text(W, H - 4, 'end', months[months.length - 1].month));
  }

  function table(points) {
    return ns.el('table', { class: 'trends-table' },
      ns.el('thead', {}, ns.el('tr', {}, ns.el('th', {}, 'Month'), ns.el('th', {}, 'District'), ns.el('th', {}, 'Documents'))),
      ns.el('tbody', {}, points.map((p) => ns.el('tr', { 'data-month': p.month, 'data-district': p.district ?? '' },
        ns.el('td', {}, p.month), ns.el('td', {}, p.district ?? '(none)'), ns.el('td', {}, String(p.documents))))));
  }

  /** Bars and table for one district (or all), redrawn from the answer already at hand. */
  function breakdown(points, district) {
    const chosen = district === undefined ? points : points.filter((p) => p.district === district);
    return [chart(perMonth(chosen)), ns.el('details', { open: true }, ns.el('summary', {}, 'Month × district'), table(chosen))];
  }

  function render(box, trends, filtered) {
    const names = trends.sections.map(sectionName).join(', ');
    box.dataset.total = String(trends.total);
    box.dataset.sections = trends.sections.join(',');
    const heading = ns.el('h3', {}, 'Trends');
    const counted = ns.el('p', { class: 'trends-total' }, ns.el('strong', {}, plural(trends.total, 'document')),
      ` citing ${names} (equivalents included)${filtered ? ', within the filters' : ''}.`);
    if (!trends.total) return box.replaceChildren(heading, counted, ns.el('p', { class: 'hint' }, 'No dated document to chart.'));
    const districts = [...new Set(trends.points.map((p) => p.district))];
    const totals = districts.map((d) => trends.points.filter((p) => p.district === d).reduce((n, p) => n + p.documents, 0));
    const parts = ns.el('div', { class: 'trends-breakdown' }, ...breakdown(trends.points));
    const select = ns.el('select', { id: 'trendsDistrict', onchange: () => {
      parts.replaceChildren(...breakdown(trends.points, select.value === '' ? undefined : districts[Number(select.value)]));
    } },
    ns.el('option', { value: '' }, `All districts (${trends.total})`),
    districts.map((d, i) => ns.el('option', { value: String(i) }, `${d ?? '(no district)'} (${totals[i]})`)));
    box.replaceChildren(heading, counted, ns.el('label', { class: 'trends-district' }, 'District ', select), parts);
  }

  let shown = 0; // the latest load wins when answers arrive out of order

  /** Loads and shows the trends of the state's start sections; hidden when the start is no section. Never rejects. */
  async function load(state, token) {
    const box = ns.$('trends');
    const mine = ++shown;
    delete box.dataset.total;
    delete box.dataset.sections;
    if (!ns.state.sectionIds(state.start).length) {
      box.hidden = true;
      box.dataset.state = 'none';
      return box.replaceChildren();
    }
    box.hidden = false;
    box.dataset.state = 'loading';
    box.replaceChildren(ns.el('h3', {}, 'Trends'), ns.el('p', { class: 'hint' }, 'Loading…'));
    const filtered = Boolean(state.types.length || state.districts.length || state.dateFrom || state.dateTo);
    let outcome = 'ready';
    try {
      const trends = await ns.api.trends(ns.state.trendsVariables(state), token);
      if (mine !== shown) return;
      render(box, trends, filtered);
    } catch (err) {
      if (mine !== shown) return;
      box.replaceChildren(ns.el('h3', {}, 'Trends'), ns.panel.errorBox(err));
      outcome = 'error';
    }
    box.dataset.state = outcome;
  }

  ns.trends = { load, perMonth };
})(window.NyayaExplorer = window.NyayaExplorer || {});
