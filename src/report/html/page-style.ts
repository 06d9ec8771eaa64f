/**
 * @module report/html/page-style — the pages' (report.html, sweep.html) document shell, inline stylesheet and content security policy.
 *
 * System font stacks only (no web fonts: the page must open offline). The CSP forbids every
 * fetch and every script, so even a missed escape could not run code or leak data.
 */

/** Allows inline styles and nothing else: no scripts, no network, no frames. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** A whole page: head (CSP, stylesheet, `title`, already escaped) and `body` (HTML). */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${title}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

const PAGE_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 24px 28px 48px; max-width: 1200px; color: #1f2937; background: #f8fafc;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; border-bottom: 1px solid #e2e8f0; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 8px; }
.subtitle { color: #64748b; margin: 0 0 8px; }
.banner { padding: 8px 12px; border-radius: 6px; background: #fef3c7; border: 1px solid #f59e0b; margin: 12px 0; }
.verdict.valid { background: #dcfce7; border-color: #16a34a; }
.verdict.invalid { background: #fee2e2; border-color: #dc2626; }
.verdict ul { margin: 6px 0 0; }
.tables { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
table { border-collapse: collapse; background: #fff; border: 1px solid #e2e8f0; width: 100%; }
th, td { padding: 4px 10px; border-bottom: 1px solid #eef2f7; text-align: left; vertical-align: top; }
thead th { background: #f1f5f9; font-weight: 600; }
tbody th { font-weight: 500; color: #334155; white-space: nowrap; }
.percentiles td, td.num { text-align: right; font-variant-numeric: tabular-nums; }
.config td { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; word-break: break-all; }
.errors ul { margin: 0; padding-left: 18px; }
.errors code { white-space: pre-wrap; word-break: break-word; font-size: 12.5px; }
.ok { color: #15803d; font-weight: 600; }
.bad { color: #b91c1c; font-weight: 600; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); gap: 16px; }
.charts.wide { grid-template-columns: 1fr; }
svg { background: #fff; border: 1px solid #e2e8f0; border-radius: 6px; max-width: 100%; height: auto; }
svg text { font-family: system-ui, "Liberation Sans", Arial, sans-serif; fill: #334155; }
svg .title { font-size: 14px; font-weight: 600; fill: #0f172a; }
svg .tick { font-size: 11px; fill: #64748b; }
svg .axis-label { font-size: 12px; }
svg .legend { font-size: 11.5px; }
svg .plot { fill: #fff; stroke: #94a3b8; }
svg .grid { stroke: #e2e8f0; stroke-width: 1; }
.note { color: #64748b; font-size: 12.5px; }
.scroll { overflow-x: auto; }
@media (max-width: 900px) { .tables { grid-template-columns: 1fr; } }
`;
