/**
 * @module dashboard/render-dashboard — the dashboard as a pure function of a snapshot: lines for a width × height.
 *
 * autocannon's shape: no terminal here, so every layout is a table-driven test. Panels
 * (dashboard/dashboard-panels), top to bottom: the phase, the progress bar with the stop key,
 * counts and failure kinds, rates, goodput, what the run is part of (a sweep's steps,
 * conversations, the live page's URL), the latency table (approximate: log-bucketed histograms,
 * within 2 %), the load generator's and the read side's verdicts, the server's gauges, the
 * sparklines, then the latest log lines in whatever rows are left. Figures wrap rather than run
 * off an 80-column edge; a terminal too short for every row loses its blank separators first,
 * then rows from the bottom. Every line is cut to the width.
 */
import type { DashboardSnapshot } from "./dashboard-snapshot.ts";
import { counts, goodput, header, latencyTable, progressBar, rates, sparklines, verdicts } from "./dashboard-panels.ts";
import { type Piece, piece, styledLine } from "./styled-line.ts";

interface ScreenSize {
  width: number;
  height: number;
  color: boolean;
}

/** A blank row between panels: the first rows to go on a short terminal. */
const GAP: Piece[] = [];

export function renderDashboard(s: DashboardSnapshot, size: ScreenSize): string[] {
  const { width } = size;
  let rows: Piece[][] = [
    ...header(s, width),
    ...progressBar(s, width),
    ...counts(s, width),
    ...rates(s, width),
    ...goodput(s, width),
    // Fit to the width by whoever wrote them (a sweep keeps its newest steps).
    ...s.context.map((line) => [piece(line, "cyan")]),
    GAP,
    ...latencyTable(s.latency),
    GAP,
    ...verdicts(s, width),
    GAP,
    ...sparklines(s, width),
  ];
  if (rows.length > size.height) rows = rows.filter((r) => r !== GAP);
  const logRows = size.height - rows.length - 1;
  if (logRows > 0 && s.logs.length > 0) rows.push([], ...s.logs.slice(-logRows).map((l) => [piece(l, "dim")]));
  return rows.slice(0, Math.max(0, size.height)).map((r) => styledLine(r, width, size.color));
}
