/* Doji dashboard: the Gantt chart of reservations per compute site and per network path (inline SVG). */
'use strict';
(function (D) {
  const { svg, el, fill } = D;
  const LABEL_W = 190, LANE_H = 20, ROW_PAD = 6, AXIS_H = 34, GROUP_H = 24, RIGHT_PAD = 16;
  const HOUR = 3600e3;
  const STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR, 7 * 24 * HOUR];

  function ticks(from, to, width) {
    const span = to - from;
    const step = STEPS.find(s => width / (span / s) >= 70) || STEPS[STEPS.length - 1];
    const out = [];
    for (let t = Math.ceil(from / step) * step; t <= to; t += step) out.push(t);
    return { step, out };
  }

  function tickLabel(t, step) {
    const iso = new Date(t).toISOString();
    return step >= 24 * HOUR || iso.slice(11, 16) === '00:00' ? iso.slice(5, 10) : iso.slice(11, 16);
  }

  D.renderTimeline = function (container, data) {
    const width = Math.max(640, container.clientWidth || 960);
    const from = Date.parse(data.from), to = Date.parse(data.to), now = Date.parse(data.now);
    const plotW = width - LABEL_W - RIGHT_PAD;
    const x = (t) => LABEL_W + Math.max(0, Math.min(1, (t - from) / (to - from))) * plotW;
    const groups = [['site', 'Compute sites'], ['path', 'Network paths']]
      .map(([kind, title]) => ({ title, rows: data.rows.filter(r => r.kind === kind) }))
      .filter(g => g.rows.length);

    let y = AXIS_H;
    const bands = [], body = [];
    for (const g of groups) {
      body.push(svg('text', { x: 8, y: y + 16, class: 'tl-group' }, g.title));
      y += GROUP_H;
      g.rows.forEach((r, i) => {
        const h = r.lanes * LANE_H + ROW_PAD * 2;
        const row = svg('g', { class: 'tl-row', 'data-row': r.id });
        bands.push(svg('rect', { x: 0, y, width, height: h, class: i % 2 ? 'tl-band odd' : 'tl-band' }));
        row.appendChild(svg('text', { x: 12, y: y + h / 2 + 4, class: 'tl-label' }, r.label,
          svg('title', {}, r.label + (r.rmId ? ' (' + r.rmId + ')' : ''))));
        row.appendChild(svg('text', { x: LABEL_W - 8, y: y + h / 2 + 4, class: 'tl-rm' }, r.rmId || ''));
        const bars = r.bars.map(b => ({ b, x0: x(Date.parse(b.start)), x1: x(Date.parse(b.end)) }));
        for (const { b, x0, x1 } of bars) {
          const by = y + ROW_PAD + b.lane * LANE_H + 1;
          const amount = r.kind === 'site' ? b.amount + ' cores' : D.fmtMbps(b.amount);
          const bar = svg('g', { class: 'tl-bar', 'data-key': b.key, 'data-state': b.state },
            svg('rect', { x: x0, y: by, width: Math.max(2, x1 - x0), height: LANE_H - 3, rx: 3,
              fill: D.STATE_COLORS[b.state] || '#888' }),
            svg('title', {}, b.key + '\n' + b.state + ' · ' + amount + '\n' + D.fmtTime(b.start) + ' → ' + D.fmtTime(b.end) + ' UTC'));
          const label = b.key.slice(0, 8) + ' · ' + amount;
          if (x1 - x0 > 70) {
            bar.appendChild(svg('text', { x: x0 + 6, y: by + LANE_H - 8, class: 'tl-bar-text' },
              label.length * 6.2 > x1 - x0 - 10 ? b.key.slice(0, 8) : label));
          } else {
            // a short bar is labelled beside it, as far as the next bar of its lane (or the edge) leaves room
            const next = bars.filter(o => o.b.lane === b.lane && o.x0 >= x1).reduce((m, o) => Math.min(m, o.x0), width - RIGHT_PAD);
            const room = next - x1 - 8;
            const text = label.length * 6.2 <= room ? label : b.key.slice(0, Math.max(3, Math.floor(room / 6.2)));
            bar.appendChild(svg('text', { x: x1 + 4, y: by + LANE_H - 8, class: 'tl-bar-text outside' }, text));
          }
          row.appendChild(bar);
        }
        body.push(row);
        y += h;
      });
    }
    if (!groups.length) {
      body.push(svg('text', { x: LABEL_W, y: y + 24, class: 'tl-empty' }, 'No resources described yet.'));
      y += 40;
    }
    const height = y + 8;
    const axis = [svg('line', { x1: LABEL_W, x2: width - RIGHT_PAD, y1: AXIS_H - 1, y2: AXIS_H - 1, class: 'tl-axis' })];
    const tk = ticks(from, to, plotW);
    for (const t of tk.out) {
      axis.push(svg('line', { x1: x(t), x2: x(t), y1: AXIS_H - 6, y2: height, class: 'tl-grid' }));
      axis.push(svg('text', { x: x(t), y: AXIS_H - 12, class: 'tl-tick' }, tickLabel(t, tk.step)));
    }
    const overlay = [];
    if (now >= from && now <= to) {
      overlay.push(svg('line', { x1: x(now), x2: x(now), y1: AXIS_H - 6, y2: height, class: 'tl-now' }));
      overlay.push(svg('text', { x: x(now) + 4, y: 12, class: 'tl-now-label' }, 'now'));
    }
    fill(container, svg('svg', { width, height, viewBox: '0 0 ' + width + ' ' + height, class: 'timeline',
      role: 'img', 'aria-label': 'reservation timeline' }, bands, axis, body, overlay));
  };
})(window.Doji);
