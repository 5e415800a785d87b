package org.doji.it.dashboard;

import java.util.List;
import java.util.Map;

/**
 * What the dashboard shows, read in one script call: the page refreshes itself, so element handles kept
 * across calls may go stale, while one synchronous script sees one consistent render.
 */
record PageSnapshot(Map<String, Object> raw) {

    static final String SCRIPT = """
            const text = (e) => e ? e.textContent.trim() : null;
            const all = (sel, root) => Array.from((root || document).querySelectorAll(sel));
            return {
              title: document.title,
              rendered: Number(document.body.getAttribute('data-rendered') || 0),
              coAllocations: all('#co-table tr[data-key]').map(r => ({
                key: r.getAttribute('data-key'), keyText: text(r.querySelector('td.key code')),
                state: text(r.querySelector('td.state')), reason: text(r.querySelector('td.reason')),
                chips: all('.chip', r).map(c => text(c.querySelector('.chip-state'))),
                chipTitles: all('.chip', r).map(c => c.getAttribute('title') || ''),
                description: text(r.querySelector('td.key .desc')),
                rms: all('.chip', r).map(c => c.getAttribute('data-rm')) })),
              markupInTable: all('#co-table img, #co-table b, #co-table script').length,
              // cells whose content is cut off: wider than the cell, or beyond the table's visible area
              clippedCells: (() => {
                const wrap = document.querySelector('#co-panel .table-wrap').getBoundingClientRect();
                return all('#co-table td').filter(td => td.scrollWidth > td.clientWidth + 1
                    || td.getBoundingClientRect().right > wrap.right + 1).map(td => td.className);
              })(),
              graphNodes: all('#graph g.g-node').map(n => ({ id: n.getAttribute('data-node'),
                kind: n.classList.contains('exchange') ? 'exchange' : 'site', text: text(n) })),
              graphEdges: all('#graph line.g-edge').map(e => e.getAttribute('data-edge')),
              timelineRows: all('#timeline g.tl-row').map(r => ({ id: r.getAttribute('data-row'), text: text(r),
                bars: all('g.tl-bar', r).map(b => b.getAttribute('data-key') + ' ' + b.getAttribute('data-state')),
                barLabels: all('g.tl-bar', r).map(b => b.getAttribute('data-key') + ' ' + (text(b.querySelector('text')) || '')) })),
              timelineFrom: (document.getElementById('timeline-range').textContent || ''),
              nowX: (() => { const l = document.querySelector('#timeline line.tl-now'); return l ? Number(l.getAttribute('x1')) : -1; })(),
              timelineWidth: (() => { const s = document.querySelector('#timeline svg'); return s ? Number(s.getAttribute('width')) : 0; })(),
              health: all('#health-table tr[data-rm]').map(r => r.getAttribute('data-rm') + ' ' + r.getAttribute('data-status')),
              wsdl: all('a.wsdl').map(a => a.href)
            };
            """;

    String title() {
        return (String) raw.get("title");
    }

    long rendered() {
        return ((Number) raw.get("rendered")).longValue();
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> list(String name) {
        return (List<Map<String, Object>>) raw.get(name);
    }

    @SuppressWarnings("unchecked")
    List<String> strings(String name) {
        return (List<String>) raw.get(name);
    }

    @SuppressWarnings("unchecked")
    List<String> strings(Map<String, Object> row, String name) {
        return (List<String>) row.get(name);
    }

    Map<String, Object> coAllocation(String key) {
        return list("coAllocations").stream().filter(r -> key.equals(r.get("key"))).findFirst().orElseThrow(
                () -> new AssertionError("co-allocation " + key + " is not shown"));
    }

    Map<String, Object> timelineRow(String id) {
        return list("timelineRows").stream().filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow(
                () -> new AssertionError("timeline row " + id + " is not shown"));
    }

    @SuppressWarnings("unchecked")
    List<String> bars(Map<String, Object> row) {
        return (List<String>) row.get("bars");
    }
}
