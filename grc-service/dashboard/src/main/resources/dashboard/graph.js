/* Doji dashboard: the resource graph (sites, exchange points, NRM paths) as inline SVG. Domains sit on a
   circle, each domain's sites around the domain's centre, exchange points between the domains they join. */
'use strict';
(function (D) {
  const { svg, fill } = D;
  const PALETTE = ['#2563eb', '#0d9488', '#9333ea', '#c2410c', '#0891b2', '#4d7c0f', '#be185d', '#475569'];
  const NODE_W = 136, NODE_H = 42;

  function layout(nodes, width, height) {
    const cx = width / 2, cy = height / 2;
    const domains = [];
    nodes.forEach(n => n.domains.forEach(d => { if (!domains.includes(d)) domains.push(d); }));
    const centres = {};
    domains.forEach((d, i) => {
      if (domains.length === 1) centres[d] = { x: cx, y: cy };
      else if (domains.length === 2) centres[d] = { x: width * (i ? 0.74 : 0.26), y: cy };
      else {
        const a = -Math.PI / 2 + i * 2 * Math.PI / domains.length;
        centres[d] = { x: cx + Math.cos(a) * width * 0.3, y: cy + Math.sin(a) * height * 0.3 };
      }
    });
    const pos = {};
    const sitesOf = {};
    nodes.filter(n => n.kind === 'site' && n.domains.length).forEach(n => (sitesOf[n.domains[0]] ||= []).push(n));
    const radius = Object.keys(sitesOf).length > 2 ? 70 : 95;
    for (const [d, sites] of Object.entries(sitesOf)) {
      const c = centres[d];
      const out = domains.length > 1 ? Math.atan2(c.y - cy, c.x - cx) : -Math.PI / 2;
      const spacing = 2 * Math.PI / Math.max(sites.length, 3);
      sites.forEach((n, i) => {
        const a = out + (i - (sites.length - 1) / 2) * spacing;
        pos[n.id] = { x: c.x + Math.cos(a) * radius * (sites.length > 1 ? 1 : 0), y: c.y + Math.sin(a) * radius * 0.8 * (sites.length > 1 ? 1 : 0) };
      });
    }
    const taken = {};
    nodes.filter(n => n.kind === 'exchange').forEach(n => {
      const cs = n.domains.map(d => centres[d]).filter(Boolean);
      let p = cs.length ? { x: cs.reduce((s, c) => s + c.x, 0) / cs.length, y: cs.reduce((s, c) => s + c.y, 0) / cs.length }
        : { x: cx, y: cy };
      if (cs.length === 1) p = { x: (p.x + cx) / 2, y: (p.y + cy) / 2 + 40 };
      const k = Math.round(p.x) + ',' + Math.round(p.y);
      const shift = (taken[k] = (taken[k] || 0) + 1) - 1;
      pos[n.id] = { x: p.x, y: p.y + shift * 64 - (shift ? 0 : 0) };
    });
    let loose = 0;
    nodes.filter(n => !pos[n.id]).forEach(n => { pos[n.id] = { x: 70 + (loose++) * (NODE_W + 16), y: height - 30 }; });
    return { domains, centres, pos, radius };
  }

  function edgeColour(e) {
    const u = e.capacityMbps ? e.mbpsInUse / e.capacityMbps : 0;
    if (u <= 0) return '#94a3b8';
    if (u < 0.5) return '#2563eb';
    if (u < 0.85) return '#d97706';
    return '#dc2626';
  }

  D.renderGraph = function (container, graph) {
    const width = Math.max(420, container.clientWidth || 600);
    const height = 400;
    if (!graph.nodes.length) {
      fill(container, svg('svg', { width, height: 60 }, svg('text', { x: 12, y: 30, class: 'tl-empty' },
        'No RM has described itself yet.')));
      return;
    }
    const { domains, centres, pos, radius } = layout(graph.nodes, width, height);
    const colour = (d) => PALETTE[domains.indexOf(d) % PALETTE.length];
    const hulls = domains.map(d => svg('g', { class: 'g-domain' },
      svg('ellipse', { cx: centres[d].x, cy: centres[d].y, rx: radius + NODE_W / 2 + 16, ry: radius * 0.8 + NODE_H / 2 + 22,
        fill: colour(d), 'fill-opacity': 0.06, stroke: colour(d), 'stroke-opacity': 0.35, 'stroke-dasharray': '4 4' }),
      svg('text', { x: centres[d].x, y: centres[d].y - radius * 0.8 - NODE_H / 2 - 8, class: 'g-domain-label', fill: colour(d) }, d)));
    const maxCap = Math.max(1, ...graph.edges.map(e => e.capacityMbps));
    const edges = graph.edges.filter(e => pos[e.from] && pos[e.to]).map(e => svg('line', {
      x1: pos[e.from].x, y1: pos[e.from].y, x2: pos[e.to].x, y2: pos[e.to].y, class: 'g-edge', 'data-edge': e.id,
      stroke: edgeColour(e), 'stroke-width': 1.2 + 2.8 * e.capacityMbps / maxCap
    }, svg('title', {}, e.rmId + ': ' + e.from + ' – ' + e.to + '\n' + D.fmtMbps(e.capacityMbps) + ' · price ' + e.unitPrice
      + (e.latencyMs !== null ? ' · ' + e.latencyMs + ' ms' : '') + '\nin use now: ' + D.fmtMbps(e.mbpsInUse))));
    const nodes = graph.nodes.map(n => {
      const p = pos[n.id];
      const title = svg('title', {}, n.id + (n.rmId ? ' (' + n.rmId + ')' : '') + (n.domains.length ? '\ndomains: ' + n.domains.join(', ') : '')
        + Object.entries(n.attributes || {}).map(([k, v]) => '\n' + k + '=' + v).join(''));
      if (n.kind === 'exchange') {
        return svg('g', { class: 'g-node exchange', 'data-node': n.id },
          svg('rect', { x: p.x - 15, y: p.y - 15, width: 30, height: 30, rx: 4, transform: 'rotate(45 ' + p.x + ' ' + p.y + ')' }),
          svg('text', { x: p.x, y: p.y + 4, class: 'g-xp-label' }, n.id), title);
      }
      const used = n.totalCores ? Math.min(1, n.coresInUse / n.totalCores) : 0;
      const c = n.domains.length ? colour(n.domains[0]) : '#64748b';
      return svg('g', { class: 'g-node site', 'data-node': n.id },
        svg('rect', { x: p.x - NODE_W / 2, y: p.y - NODE_H / 2, width: NODE_W, height: NODE_H, rx: 7, stroke: c }),
        svg('rect', { x: p.x - NODE_W / 2 + 6, y: p.y + NODE_H / 2 - 8, width: NODE_W - 12, height: 3, rx: 1.5, class: 'g-cap' }),
        svg('rect', { x: p.x - NODE_W / 2 + 6, y: p.y + NODE_H / 2 - 8, width: (NODE_W - 12) * used, height: 3, rx: 1.5, fill: c }),
        svg('text', { x: p.x, y: p.y - 4, class: 'g-site-label' }, n.id),
        svg('text', { x: p.x, y: p.y + 9, class: 'g-site-sub' },
          n.totalCores ? n.coresInUse + ' of ' + n.totalCores + ' cores in use now' : 'network endpoint'), title);
    });
    fill(container, svg('svg', { width, height, viewBox: '0 0 ' + width + ' ' + height, class: 'graph', role: 'img',
      'aria-label': 'resource graph' }, hulls, edges, nodes));
  };
})(window.Doji);
