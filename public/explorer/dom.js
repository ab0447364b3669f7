'use strict';
// Every value shown comes from ingested documents, so the page builds DOM nodes with textContent and never
// parses API text as HTML.
(function (ns) {
  /** el('p', { class: 'x' }, 'text', child) — attributes starting with "on" become listeners. */
  ns.el = function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  };

  ns.$ = (id) => document.getElementById(id);
})(window.NyayaExplorer = window.NyayaExplorer || {});
