/**
 * Inline assets of the HTML report: the stylesheet and the filter script. Self-contained: no
 * network, no external fonts (a Content-Security-Policy in the page forbids any fetch).
 */

/** The page's stylesheet (system fonts only). */
export const HTML_STYLE = `
:root { color-scheme: light dark; --error: #c62828; --warning: #b26a00; --info: #0277bd; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; padding: 1rem 2rem; max-width: 1200px; }
h1 { margin-bottom: 0.2rem; }
.meta { color: GrayText; margin-top: 0; }
.counts { display: flex; gap: 1rem; flex-wrap: wrap; }
.count { border: 1px solid GrayText; border-radius: 6px; padding: 0.5rem 1rem; min-width: 6rem; }
.count .n { display: block; font-size: 1.6rem; font-weight: 600; }
.count.error .n { color: var(--error); } .count.warning .n { color: var(--warning); } .count.info .n { color: var(--info); } .count.baselined .n { color: GrayText; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { text-align: left; border-bottom: 1px solid color-mix(in srgb, GrayText 40%, transparent); padding: 0.3rem 0.5rem; vertical-align: top; }
td.message { white-space: pre-wrap; overflow-wrap: anywhere; }
.sev { font-weight: 600; } .sev.error { color: var(--error); } .sev.warning { color: var(--warning); } .sev.info { color: var(--info); }
#filters { position: sticky; top: 0; background: Canvas; padding: 0.5rem 0; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
#filter-text { flex: 1; min-width: 16rem; padding: 0.3rem; }
tr.tool.passed td:nth-child(4) { color: #2e7d32; } tr.tool.failed td:nth-child(4) { color: var(--error); } tr.tool.uncalled td:nth-child(4), tr.tool.unproven td:nth-child(4) { color: var(--warning); } tr.tool.baselined td:nth-child(4) { color: GrayText; }
.count-note { color: GrayText; }
pre.evidence { margin: 0; font-size: 12px; white-space: pre-wrap; }
[hidden] { display: none !important; }
`;

/**
 * The filter script: rows (`tr.finding`) stay visible when their severity toggle is checked and
 * their check (`data-check`), surface, tool, pointer or message cell contains the filter text (case-insensitive);
 * groups without a visible row hide. The text searched is built and lower-cased here, in the page, one field per
 * line: the report never holds a lower-cased or joined copy of server text (lower-casing an upper-cased token, or
 * joining tool names with a space, could rebuild a value the env mask never saw).
 */
export const HTML_SCRIPT = `
(function () {
  var text = document.getElementById('filter-text');
  var toggles = Array.prototype.slice.call(document.querySelectorAll('input.sev-toggle'));
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.finding'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.check-group'));
  var shown = document.getElementById('shown-count');
  function searchText(r) {
    var parts = [r.getAttribute('data-check') || ''];
    for (var i = 1; i < r.cells.length && i <= 4; i++) parts.push(r.cells[i].textContent);
    return parts.join('\\n').toLowerCase();
  }
  function apply() {
    var q = text.value.trim().toLowerCase();
    var on = {};
    toggles.forEach(function (t) { on[t.value] = t.checked; });
    var visible = 0;
    rows.forEach(function (r) {
      var ok = on[r.getAttribute('data-severity')] && (q === '' || searchText(r).indexOf(q) !== -1);
      r.hidden = !ok;
      if (ok) visible++;
    });
    groups.forEach(function (g) { g.hidden = g.querySelector('tr.finding:not([hidden])') === null; });
    shown.textContent = visible + ' of ' + rows.length + (rows.length === 1 ? ' finding shown' : ' findings shown');
  }
  text.addEventListener('input', apply);
  toggles.forEach(function (t) { t.addEventListener('change', apply); });
  apply();
})();
`;
