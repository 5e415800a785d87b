/* Doji dashboard: DOM helpers. Every piece of data reaches the page as a text node or an attribute value
   set through the DOM API, never as markup, so keys, reasons and descriptions cannot inject HTML. */
'use strict';
window.Doji = window.Doji || {};
(function (D) {
  const SVG_NS = 'http://www.w3.org/2000/svg';

  function append(node, children) {
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) append(node, c);
      else node.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  function setAttrs(node, attrs) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.setAttribute('class', v);
      else if (k.startsWith('data-')) node.setAttribute(k, String(v));
      else node.setAttribute(k, String(v));
    }
    return node;
  }

  /** An HTML element: el('td', {class: 'x'}, 'text', child, ...). */
  D.el = (tag, attrs, ...children) => append(setAttrs(document.createElement(tag), attrs), children);

  /** An SVG element. */
  D.svg = (tag, attrs, ...children) => append(setAttrs(document.createElementNS(SVG_NS, tag), attrs), children);

  /** Replaces a node's children. */
  D.fill = (node, ...children) => {
    node.replaceChildren();
    return append(node, children);
  };

  D.STATE_COLORS = {
    Planning: '#7c8797', Reserving: '#d97706', Committing: '#f59e0b', Reserved: '#2563eb', Active: '#16a34a',
    Modifying: '#8b5cf6', Cancelling: '#a855f7',
    Completed: '#64748b', Cancelled: '#a1a1aa', Failed: '#dc2626'
  };

  /** "2026-11-23 14:00" (UTC) from an ISO instant. */
  D.fmtTime = (iso) => {
    if (!iso) return '—';
    const d = new Date(iso);
    return isNaN(d) ? String(iso) : d.toISOString().slice(0, 16).replace('T', ' ');
  };

  D.fmtDuration = (ms) => {
    const m = Math.round(ms / 60000);
    if (m < 60) return m + ' min';
    const h = Math.floor(m / 60), r = m % 60;
    return r ? h + ' h ' + r + ' min' : h + ' h';
  };

  D.fmtAgo = (iso, nowIso) => {
    if (!iso) return 'never';
    const s = Math.max(0, Math.round((new Date(nowIso) - new Date(iso)) / 1000));
    if (s < 60) return s + ' s ago';
    if (s < 3600) return Math.round(s / 60) + ' min ago';
    return Math.round(s / 3600) + ' h ago';
  };

  D.fmtMbps = (mbps) => mbps >= 1000 ? (mbps / 1000).toLocaleString('en', {maximumFractionDigits: 1}) + ' Gb/s'
    : mbps + ' Mb/s';

  D.badge = (state) => D.el('span', {class: 'badge state-' + String(state).toLowerCase(), 'data-state': state}, state);
})(window.Doji);
