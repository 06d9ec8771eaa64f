/**
 * @module dashboard/render-dashboard — the dashboard as a pure function of a snapshot: lines for a width × height.
 *
 * autocannon's shape: no terminal here, so every layout is a table-driven test. Sections, top
 * to bottom: the phase and its progress bar, counts, rates, goodput, what the run is part of (a
 * sweep's steps, conversations), the latency table (approximate: log-bucketed histograms, within 2 %), the
 * load generator's and the read side's verdicts, the server's gauges, the sparklines, then the
 * latest log lines in whatever rows are left. A short terminal drops rows from the bottom; every
 * line is cut to the width.
 */
import type { DashboardSnapshot, LatencyRow } from "./dashboard-snapshot.ts";
import { sparkline } from "./sparkline.ts";
import { type Piece, piece, styledLine } from "./styled-line.ts";

interface ScreenSize {
  width: number;
  height: number;
  color: boolean;
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hms = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return (hms[0] ? hms : hms.slice(1)).map((n) => String(n).padStart(2, "0")).join(":");
}

function compact(value: number): string {
  if (value >= 10_000) return `${(value / 1000).toFixed(1)}k`;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

const ms = (v: number | undefined) =>
  v === undefined ? "-" : v < 10 ? v.toFixed(2) : v < 1000 ? v.toFixed(1) : v.toFixed(0);

function bar(done: number, planned: number, width: number): string {
  const filled = planned > 0 ? Math.min(width, Math.floor((done / planned) * width)) : 0;
  return `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
}

function header(s: DashboardSnapshot): Piece[] {
  const eta = s.etaS === null ? "" : ` · ETA ${clock(s.etaS)}`;
  return [
    piece("inference-endpoint", "bold"),
    piece(" · "),
    piece(s.phase, "cyan"),
    piece(` · ${clock(s.elapsedS)} elapsed${eta} · `),
    piece(s.stopping ?? "q stops (drain, report)", s.stopping ? "yellow" : "dim"),
  ];
}

function counts(s: DashboardSnapshot): Piece[] {
  const kinds = Object.entries(s.failed).sort((a, b) => b[1] - a[1]);
  const failed = kinds.reduce((sum, [, n]) => sum + n, 0);
  const detail = kinds.length > 0 ? ` (${kinds.map(([k, n]) => `${k} ${n}`).join(", ")})` : "";
  return [
    piece(`issued ${s.issued} · completed ${s.completed} · `),
    piece(`failed ${failed}${detail}`, failed > 0 ? "yellow" : undefined),
    piece(` · ${s.closedLoop ? "busy slots" : "in flight"} ${s.inFlight}`),
  ];
}

function rates(s: DashboardSnapshot): Piece[] {
  const target = s.target ? ` (${s.target})` : "";
  return [
    piece(`rate ${compact(s.achievedQps)} req/s${target} · output ${compact(s.outputTokensPerS)} tok/s · `),
    piece(`input ${compact(s.inputTokensPerS)} tok/s`),
    piece(`  (last ${s.windowS.toFixed(0)} s)`, "dim"),
  ];
}

function goodputLine(s: DashboardSnapshot): Piece[][] {
  const g = s.goodput;
  if (!g) return [];
  const pct = (v: number | null) => (v === null ? "-" : `${v.toFixed(1)} %`);
  const met = g.recentPct !== null && g.recentPct >= g.targetPct;
  return [
    [
      piece(`goodput ${compact(g.recentPerS)} req/s · SLO met by `),
      piece(pct(g.recentPct), g.recentPct === null ? undefined : met ? "green" : "red"),
      piece(` (last ${s.windowS.toFixed(0)} s), ${pct(g.totalPct)} since start · target ${g.targetPct} %`),
    ],
  ];
}

function latencyLines(rows: readonly LatencyRow[]): Piece[][] {
  const cell = (v: number | undefined) => ms(v).padStart(8);
  const columns = ["p50", "p90", "p99"].map((c) => c.padStart(8)).join("");
  return [
    [piece(`${"ms".padEnd(10)}${"last 10 s".padStart(24)}  │${"since start".padStart(24)}`, "bold")],
    [piece(`${"".padEnd(10)}${columns}  │${columns}`, "bold"), piece("  approximate (±2 %)", "dim")],
    ...rows.map((r) => [
      piece(
        `${r.name.padEnd(10)}${cell(r.recent?.p50)}${cell(r.recent?.p90)}${cell(r.recent?.p99)}  │` +
          `${cell(r.total?.p50)}${cell(r.total?.p90)}${cell(r.total?.p99)}`,
      ),
    ]),
  ];
}

function verdicts(s: DashboardSnapshot): Piece[][] {
  const { lag, readSide, server } = s;
  const lagText = lag.p99Ms === null ? "no sends yet" : `p99 ${ms(lag.p99Ms)} ms`;
  const limit = lag.limitMs === null ? "" : ` (limit ${ms(lag.limitMs)} ms)`;
  const lines: Piece[][] = [
    [
      piece(`schedule lag ${lagText}${limit} · load generator: `),
      lag.verdict === null
        ? piece(lag.judged ? "no judged send yet" : "not judged (max throughput)", "dim")
        : piece(lag.verdict, lag.verdict === "ok" ? "green" : "red"),
    ],
    readSide
      ? [
          piece("read side: "),
          piece(readSide.verdict, readSide.verdict === "ok" ? "green" : "red"),
          piece(` (worker loop lateness p99 ${ms(readSide.latenessP99Ms)} ms, ${readSide.workers} worker(s))`),
        ]
      : [piece("read side: "), piece("no worker samples yet", "dim")],
  ];
  if (server) {
    const part = (name: string, v: number | null, unit = "") =>
      v === null ? [] : [`${name} ${Number.isInteger(v) ? v : compact(v)}${unit}`];
    const parts = [
      ...part("running", server.running),
      ...part("waiting", server.waiting),
      ...part("KV cache", server.kvCachePct, " %"),
    ];
    lines.push([piece(`server: ${parts.length > 0 ? parts.join(" · ") : "no known gauges on its page"}`)]);
  }
  return lines;
}

function sparklines(s: DashboardSnapshot, width: number): Piece[][] {
  const label = 14;
  const room = Math.max(0, width - label - 12);
  const last = (points: readonly (number | null)[], unit: string) => {
    const v = [...points].reverse().find((p) => p !== null);
    return v === undefined || v === null ? "" : ` ${compact(v)}${unit}`;
  };
  return [
    [
      piece("req/s".padEnd(label), "dim"),
      piece(sparkline(s.series.rate, room), "cyan"),
      piece(last(s.series.rate, "")),
    ],
    [
      piece("TTFT p99 ms".padEnd(label), "dim"),
      piece(sparkline(s.series.ttftP99Ms, room), "cyan"),
      piece(last(s.series.ttftP99Ms, "")),
    ],
    [
      piece((s.closedLoop ? "busy slots" : "in flight").padEnd(label), "dim"),
      piece(sparkline(s.series.inFlight, room), "cyan"),
      piece(last(s.series.inFlight, "")),
    ],
  ];
}

export function renderDashboard(s: DashboardSnapshot, size: ScreenSize): string[] {
  const done = s.completed + Object.values(s.failed).reduce((a, b) => a + b, 0);
  const pct = s.planned > 0 ? Math.floor((100 * done) / s.planned) : 0;
  const counter = ` ${done}/${s.planned} (${pct}%)`;
  const rows: Piece[][] = [
    header(s),
    [piece(bar(done, s.planned, Math.max(10, size.width - counter.length - 2)), "green"), piece(counter)],
    counts(s),
    rates(s),
    ...goodputLine(s),
    ...s.context.map((line) => [piece(line, "cyan")]),
    [],
    ...latencyLines(s.latency),
    [],
    ...verdicts(s),
    [],
    ...sparklines(s, size.width),
  ];
  const room = size.height - rows.length - 1;
  if (room > 0 && s.logs.length > 0) rows.push([], ...s.logs.slice(-room + 1).map((l) => [piece(l, "dim")]));
  return rows.slice(0, Math.max(0, size.height)).map((r) => styledLine(r, size.width, size.color));
}
