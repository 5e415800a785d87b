/* Doji dashboard: loads the JSON documents under api/ and renders them; refreshes periodically. */
'use strict';
(function (D) {
  const { el, fill } = D;
  const API = 'api/';
  let refreshMillis = 5000;
  let timer = null;
  let rendered = 0;

  async function getJson(path) {
    const r = await fetch(API + path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!r.ok) throw new Error(path + ': HTTP ' + r.status);
    return r.json();
  }

  function renderSummary(o) {
    const cards = Object.entries(o.states).map(([state, n]) =>
      el('div', { class: 'card', 'data-state': state },
        el('div', { class: 'card-value' }, n),
        el('div', { class: 'card-label' }, el('span', { class: 'swatch state-' + state.toLowerCase() }), state)));
    const rmClass = o.rmsReachable === o.rmsRegistered ? 'ok' : 'bad';
    cards.push(el('div', { class: 'card rms ' + rmClass },
      el('div', { class: 'card-value' }, o.rmsReachable + ' / ' + o.rmsRegistered),
      el('div', { class: 'card-label' }, 'RMs reachable')));
    fill(document.getElementById('summary'), cards);
    fill(document.getElementById('grc-id'), o.grcId);
  }

  function placement(row) {
    const lines = row.sites.map(s => el('div', { class: 'line' },
      el('span', { class: 'req' }, s.requestSite), ' → ',
      s.site ? el('strong', {}, s.site) : el('span', { class: 'muted' }, 'unplaced'),
      el('span', { class: 'muted' }, ' · ' + s.cores + ' cores')));
    for (const l of row.links) {
      // the route as a chain of endpoints; which NRM carries each hop is in the tooltip
      const route = l.hops.length ? [l.hops[0].from].concat(l.hops.map(h => h.to)).join(' → ') : null;
      const line = el('div', { class: 'line link' },
        el('span', { class: 'req' }, l.from + '–' + l.to), ' ',
        el('span', { class: 'muted' }, D.fmtMbps(l.bandwidthMbps)),
        route ? [el('span', { class: 'muted' }, ' · '), el('span', { class: 'route' }, route)] : null);
      if (l.hops.length) line.setAttribute('title', l.hops.map(h => h.rmId + ': ' + h.from + ' → ' + h.to).join('\n'));
      lines.push(line);
    }
    return lines;
  }

  /*
   * What an RM's part means to an operator. After a commit the RM's reserve state machine is back at
   * ReserveStart while the reservation is Created (booked, not started): "reserved", not a state pair that
   * reads as nothing booked. The raw states stay in the tooltip.
   */
  const HOLDING = { ReserveChecking: 'checking', ReserveHeld: 'held (prepared)', ReserveCommitting: 'committing',
    ReserveAborting: 'aborting', ReserveFailed: 'reserve failed', ReserveTimeout: 'hold timed out' };
  const LIFECYCLE = { Created: 'reserved', Active: 'active', PassedEndTime: 'ended', Terminating: 'releasing',
    Terminated: 'released', Failed: 'failed' };
  D.partLabel = function (reservationState, lifecycleState) {
    if (reservationState && HOLDING[reservationState]) return HOLDING[reservationState];
    return LIFECYCLE[lifecycleState] || [reservationState, lifecycleState].filter(Boolean).join(' · ');
  };

  function outcomes(row) {
    return row.outcomes.map(o => {
      const failed = !!o.errorCode;
      const state = failed ? o.errorCode : D.partLabel(o.reservationState, o.lifecycleState);
      const chip = el('div', { class: 'chip ' + (failed ? 'chip-bad' : 'chip-ok'), 'data-rm': o.rmId },
        el('span', { class: 'chip-rm' }, o.rmId), el('span', { class: 'chip-state' }, state || '—'));
      const title = [[o.reservationState, o.lifecycleState].filter(Boolean).join(' · ') || null,
        o.reservationKey ? 'reservation ' + o.reservationKey : null,
        o.handles.length ? 'handle ' + o.handles.join(', ') : null, o.message].filter(Boolean).join('\n');
      if (title) chip.setAttribute('title', title);
      return failed && o.message ? [chip, el('div', { class: 'chip-msg' }, o.message)] : chip;
    });
  }

  function renderCoAllocations(rows) {
    const body = document.querySelector('#co-table tbody');
    if (!rows.length) {
      fill(body, el('tr', {}, el('td', { colspan: 8, class: 'empty' }, 'No co-allocations yet.')));
    } else {
      fill(body, rows.map(r => el('tr', { 'data-key': r.key, class: 'row-' + r.state.toLowerCase() },
        el('td', { class: 'key' }, el('code', { title: r.key }, r.key),
          r.description ? el('div', { class: 'desc' }, r.description) : null),
        el('td', { class: 'state', 'data-state': r.state }, D.badge(r.state)),
        el('td', { class: 'owner' }, r.owner),
        el('td', { class: 'window' }, r.start ? [
          el('div', {}, D.fmtTime(r.start) + ' → ' + D.fmtTime(r.end).slice(11)),
          el('div', { class: 'muted' }, (r.planned ? '' : 'requested: ') + D.fmtDuration(new Date(r.end) - new Date(r.start)))
        ] : '—'),
        el('td', { class: 'num cost' }, r.cost === null ? '—' : r.cost.toLocaleString('en', { maximumFractionDigits: 2 })),
        el('td', { class: 'placement' }, placement(r)),
        el('td', { class: 'outcomes' }, outcomes(r)),
        el('td', { class: 'reason' }, r.reason || ''))));
    }
    fill(document.getElementById('co-count'), rows.length + (rows.length === 1 ? ' co-allocation' : ' co-allocations'));
  }

  function renderHealth(rms, now) {
    const body = document.querySelector('#health-table tbody');
    fill(body, rms.map(h => {
      const status = h.reachable === null ? 'unknown' : h.reachable ? 'up' : 'down';
      return el('tr', { 'data-rm': h.rmId, 'data-status': status },
        el('td', { class: 'rm-id' }, el('strong', {}, h.rmId),
          el('div', { class: 'muted small' }, [h.kind, h.domain, h.backend].filter(Boolean).join(' · ') || 'not described yet')),
        el('td', { class: 'status' }, el('span', { class: 'dot ' + status }), status,
          h.error ? el('div', { class: 'chip-msg' }, h.error) : null),
        el('td', { class: 'num' }, h.latencyMillis === null ? '—' : h.latencyMillis + ' ms'),
        el('td', { title: h.lastAnswer || '' }, D.fmtAgo(h.lastAnswer, now)));
    }));
    const up = rms.filter(h => h.reachable).length;
    fill(document.getElementById('health-summary'), up + ' of ' + rms.length + ' answering');
  }

  function renderServices(services) {
    // the list of this GRC's own ports (with their service pages): beside its user port
    const own = services.find(s => s.role === 'GRC');
    if (own && /\/grc$/.test(own.address)) {
      document.getElementById('all-services').href = own.address.replace(/\/grc$/, '/');
    }
    fill(document.querySelector('#services-table tbody'), services.map(s => el('tr', { 'data-service': s.name },
      el('td', {}, el('strong', {}, s.name)),
      el('td', {}, s.role),
      el('td', {}, el('code', {}, s.address)),
      el('td', {}, el('a', { class: 'wsdl', href: s.wsdl, target: '_blank', rel: 'noopener' }, 'WSDL')),
      el('td', {}, el('a', { class: 'page', href: s.page, target: '_blank', rel: 'noopener' }, 'Service page')))));
  }

  function renderLegend() {
    fill(document.getElementById('legend'), Object.keys(D.STATE_COLORS)
      .filter(s => ['Reserving', 'Committing', 'Reserved', 'Active', 'Modifying', 'Cancelling', 'Completed'].includes(s))
      .map(s => el('span', { class: 'legend-item' }, el('span', { class: 'swatch state-' + s.toLowerCase() }), s)));
  }

  function setStatus(ok, text) {
    const dot = document.getElementById('conn');
    dot.setAttribute('class', 'dot ' + (ok ? 'up' : 'down'));
    fill(document.getElementById('updated'), text);
  }

  async function refresh() {
    clearTimeout(timer);
    try {
      const [overview, cos, timeline, graph, health, services] = await Promise.all([
        getJson('overview'), getJson('co-allocations'), getJson('timeline'), getJson('graph'),
        getJson('health'), getJson('services')]);
      refreshMillis = overview.refreshMillis || refreshMillis;
      renderSummary(overview);
      renderCoAllocations(cos);
      D.renderTimeline(document.getElementById('timeline'), timeline);
      fill(document.getElementById('timeline-range'), D.fmtTime(timeline.from) + ' → ' + D.fmtTime(timeline.to) + ' UTC');
      D.renderGraph(document.getElementById('graph'), graph);
      renderHealth(health, overview.now);
      renderServices(services);
      fill(document.getElementById('refresh-note'), 'refreshes every ' + Math.round(refreshMillis / 1000) + ' s');
      setStatus(true, 'updated ' + D.fmtTime(overview.now).slice(11) + ' UTC');
      rendered++;
      document.body.setAttribute('data-rendered', String(rendered));
    } catch (e) {
      setStatus(false, 'cannot reach the GRC: ' + e.message);
    }
    timer = setTimeout(refresh, refreshMillis);
  }

  document.addEventListener('DOMContentLoaded', () => {
    renderLegend();
    refresh();
    document.addEventListener('visibilitychange', () => { if (!document.hidden) refresh(); });
    let width = window.innerWidth;
    window.addEventListener('resize', () => {
      if (window.innerWidth === width) return; // the charts depend on the width only
      width = window.innerWidth;
      clearTimeout(timer);
      timer = setTimeout(refresh, 200);
    });
  });
})(window.Doji);
