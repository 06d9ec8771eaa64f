/**
 * @module dashboard/dashboard-panels — the dashboard's panels, each a few lines of styled pieces laid out for a width.
 *
 * Every panel fits 80 columns with its worst content (a test renders each so): figures are
 * segments that wrap (dashboard/flow-line) rather than run off the edge; the failure kinds shown
 * are the most frequent few, then "+N more"; the progress bar shrinks to leave room for the stop
 * text; a phase name longer than PHASE_CHARS is shortened.
 */
import type { DashboardSnapshot, LatencyRow } from "./dashboard-snapshot.ts";
import { flow, widthOf } from "./flow-line.ts";
import { sparkline } from "./sparkline.ts";
import { type Piece, piece } from "./styled-line.ts";

type Lines = Piece[][];

/** A phase is named by the run (an accuracy dataset's name): past this, it is shortened. */
const PHASE_CHARS = 24;
/** Failure kinds shown by name, the most frequent first; the rest are counted. */
const KINDS_SHOWN = 3;
const MIN_BAR = 10;
const KEY_HINT = "q stops: drain, report";

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

const clip = (text: string, chars: number) => {
  const all = Array.from(text);
  return all.length <= chars ? text : `${all.slice(0, chars - 1).join("")}…`;
};

const failedTotal = (s: DashboardSnapshot) => Object.values(s.failed).reduce((a, b) => a + b, 0);

/** The phase, draining, elapsed and ETA; the program's name when there is room for it. */
export function header(s: DashboardSnapshot, width: number): Lines {
  const eta = s.etaS === null ? "" : ` · ETA ${clock(s.etaS)}`;
  const line = [
    piece(clip(s.phase, PHASE_CHARS), "cyan"),
    ...(s.draining ? [piece(" · draining", "yellow")] : []),
    piece(` · ${clock(s.elapsedS)} elapsed${eta}`),
  ];
  const name = " · inference-endpoint";
  if (widthOf(line) + name.length <= width) line.push(piece(name, "dim"));
  return [line];
}

/** The progress bar, the done counter, then the key hint or the stop under way. */
export function progressBar(s: DashboardSnapshot, width: number): Lines {
  const done = s.completed + failedTotal(s);
  const pct = s.planned > 0 ? Math.floor((100 * done) / s.planned) : 0;
  const counter = ` ${done}/${s.planned} (${pct}%) · `;
  const tail = s.stopping ? piece(s.stopping, "yellow") : piece(KEY_HINT, "dim");
  const barWidth = Math.max(MIN_BAR, width - counter.length - widthOf([tail]));
  const filled = s.planned > 0 ? Math.min(barWidth, Math.floor((done / s.planned) * barWidth)) : 0;
  return [[piece(`${"█".repeat(filled)}${"░".repeat(barWidth - filled)}`, "green"), piece(counter), tail]];
}

/** Failure kinds, most first: as many of the top KINDS_SHOWN as fit, then how many more. */
function kindsLine(failed: Readonly<Record<string, number>>, width: number): Lines {
  const kinds = Object.entries(failed).sort((a, b) => b[1] - a[1]);
  if (kinds.length === 0) return [];
  for (let shown = Math.min(KINDS_SHOWN, kinds.length); shown >= 1; shown--) {
    const rest = kinds.length - shown;
    const text = `failed by kind: ${kinds
      .slice(0, shown)
      .map(([k, n]) => `${k} ${n}`)
      .join(" · ")}${rest > 0 ? ` · +${rest} more` : ""}`;
    if (Array.from(text).length <= width || shown === 1) return [[piece(text, "yellow")]];
  }
  return [];
}

export function counts(s: DashboardSnapshot, width: number): Lines {
  const failed = failedTotal(s);
  return [
    ...flow(
      [
        [piece(`issued ${s.issued}`)],
        [piece(`completed ${s.completed}`)],
        [piece(`${s.closedLoop ? "busy slots" : "in flight"} ${s.inFlight}`)],
        [piece(`failed ${failed}`, failed > 0 ? "yellow" : undefined)],
      ],
      width,
    ),
    ...kindsLine(s.failed, width),
  ];
}

export function rates(s: DashboardSnapshot, width: number): Lines {
  return flow(
    [
      [piece(`rate ${compact(s.achievedQps)} req/s${s.target ? ` (${s.target})` : ""}`)],
      [piece(`output ${compact(s.outputTokensPerS)} tok/s`)],
      [piece(`input ${compact(s.inputTokensPerS)} tok/s`)],
      [piece(`last ${s.windowS.toFixed(0)} s`, "dim")],
    ],
    width,
  );
}

export function goodput(s: DashboardSnapshot, width: number): Lines {
  const g = s.goodput;
  if (!g) return [];
  const pct = (v: number | null) => (v === null ? "-" : `${v.toFixed(1)} %`);
  const met = g.recentPct !== null && g.recentPct >= g.targetPct;
  return flow(
    [
      [piece(`goodput ${compact(g.recentPerS)} req/s`)],
      [
        piece("SLO met by "),
        piece(pct(g.recentPct), g.recentPct === null ? undefined : met ? "green" : "red"),
        piece(` of ${g.targetPct} % asked (last ${s.windowS.toFixed(0)} s)`),
      ],
      [piece(`${pct(g.totalPct)} since start`)],
    ],
    width,
  );
}

export function latencyTable(rows: readonly LatencyRow[]): Lines {
  const cell = (v: number | undefined) => ms(v).padStart(8);
  const columns = ["p50", "p90", "p99"].map((c) => c.padStart(8)).join("");
  return [
    [
      piece(`${"ms".padEnd(10)}${"last 10 s".padStart(24)}  │${"since start".padStart(24)}`, "bold"),
      piece("  approximate ±2 %", "dim"),
    ],
    [piece(`${"".padEnd(10)}${columns}  │${columns}`, "bold")],
    ...rows.map((r) => [
      piece(
        `${r.name.padEnd(10)}${cell(r.recent?.p50)}${cell(r.recent?.p90)}${cell(r.recent?.p99)}  │` +
          `${cell(r.total?.p50)}${cell(r.total?.p90)}${cell(r.total?.p99)}`,
      ),
    ]),
  ];
}

export function verdicts(s: DashboardSnapshot, width: number): Lines {
  const { lag, readSide, server } = s;
  const lagText = lag.p99Ms === null ? "no sends yet" : `p99 ${ms(lag.p99Ms)} ms`;
  const limit = lag.limitMs === null ? "" : ` (limit ${ms(lag.limitMs)} ms)`;
  const lines = flow(
    [
      [piece(`schedule lag ${lagText}${limit}`)],
      [
        piece("load generator: "),
        lag.verdict === null
          ? piece(lag.judged ? "no judged send yet" : "not judged (max throughput)", "dim")
          : piece(lag.verdict, lag.verdict === "ok" ? "green" : "red"),
      ],
    ],
    width,
  );
  if (!readSide) lines.push([piece("read side: "), piece("no worker samples yet", "dim")]);
  else
    lines.push(
      ...flow(
        [
          [
            piece("read side: "),
            piece(readSide.verdict, readSide.verdict === "ok" ? "green" : "red"),
            piece(readSide.cause ? ` (cause: ${readSide.cause})` : ""),
          ],
          [piece(`worker loop lateness p99 ${ms(readSide.latenessP99Ms)} ms`)],
          [piece(`client error bound p50/p99 ${ms(readSide.boundP50Ms)} / ${ms(readSide.boundP99Ms)} ms`)],
          [piece(`${readSide.workers} worker(s)`)],
        ],
        width,
      ),
    );
  if (server) {
    const part = (name: string, v: number | null, unit = "") =>
      v === null ? [] : [[piece(`${name} ${Number.isInteger(v) ? v : compact(v)}${unit}`)]];
    const parts = [
      ...part("running", server.running),
      ...part("waiting", server.waiting),
      ...part("KV cache", server.kvCachePct, " %"),
    ];
    const first = parts.length > 0 ? parts : [[piece("no known gauges on its page")]];
    first[0] = [piece("server: "), ...(first[0] as Piece[])];
    lines.push(...flow(first, width));
  }
  return lines;
}

export function sparklines(s: DashboardSnapshot, width: number): Lines {
  const label = 14;
  const room = Math.max(0, width - label - 12);
  const last = (points: readonly (number | null)[]) => {
    const v = [...points].reverse().find((p) => p !== null);
    return v === undefined || v === null ? "" : ` ${compact(v)}`;
  };
  const line = (name: string, points: readonly (number | null)[]): Piece[] => [
    piece(name.padEnd(label), "dim"),
    piece(sparkline(points, room), "cyan"),
    piece(last(points)),
  ];
  return [
    line("req/s", s.series.rate),
    line("TTFT p99 ms", s.series.ttftP99Ms),
    line(s.closedLoop ? "busy slots" : "in flight", s.series.inFlight),
  ];
}
