/**
 * @module import/aiperf-figures — AIPerf's own figures (profile_export_aiperf.json) beside the
 * readings that explain a difference from ours.
 *
 * AIPerf's percentiles interpolate (numpy); its `request_latency` ends at the last response that
 * carried content (TTFT + its inter-chunk gaps), ours at `request_end_ns`; its `inter_token_latency`
 * is per request, (latency − TTFT) ÷ (tokens − 1): our TPOT's place; its `inter_chunk_latency` is per
 * chunk, our ITL's place (ours spreads a chunk of k tokens into k gaps); its duration runs from the
 * first request's start, ours from the phase start (its first credit).
 */
import { plainFigure, seriesFigure, type Statistic } from "./figure-builders.ts";
import { ourSeries, type OurSeriesName } from "./our-series.ts";
import type { SourceFigure, SourceRequest } from "./source-run.ts";

export type AiperfAggregate = Record<string, unknown>;
type Metrics = Record<string, { value: number | number[]; unit: string }>;

/** AIPerf's field for each of our series, and how its definition differs. */
const SERIES: readonly [OurSeriesName, string, string | undefined][] = [
  ["ttft", "time_to_first_token", undefined],
  [
    "latency",
    "request_latency",
    "AIPerf's request_latency ends at its last response with content (TTFT + its inter-chunk gaps); ours at request_end_ns, the end of the response",
  ],
  [
    "tpot",
    "inter_token_latency",
    "AIPerf's inter_token_latency is (request_latency − TTFT) ÷ (output tokens − 1); ours (done − first chunk) ÷ the tokens after the first chunk",
  ],
  [
    "itl",
    "inter_chunk_latency",
    "AIPerf's inter_chunk_latency is the gap before each chunk; ours spreads a chunk of k tokens into k gaps of a k-th each",
  ],
  ["osl", "output_sequence_length", "ours is the server's usage where a record has it, AIPerf's its tokenizer's count"],
  [
    "isl",
    "input_sequence_length",
    "ours is the server's usage where a record has it, AIPerf's its tokenizer's count of the prompt",
  ],
];

const statField = (stat: Statistic) => (stat === "mean" ? "avg" : `p${stat}`);

/** `aggregate[field][stat]`, a number or null. */
function statOf(aggregate: AiperfAggregate | null, field: string, stat: string): number | null {
  const block = aggregate?.[field] as Record<string, unknown> | undefined;
  const v = block?.[stat];
  return typeof v === "number" ? v : null;
}

/** Every record's own value of `field`, flattened (inter_chunk_latency is a list per record), ascending. */
function ownValues(metrics: readonly Metrics[], field: string): Float64Array {
  const values = metrics.flatMap((m) => {
    const v = m[field]?.value;
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  });
  return Float64Array.from(values).sort();
}

export function aiperfFigures(
  metrics: readonly Metrics[],
  requests: readonly SourceRequest[],
  aggregate: AiperfAggregate | null,
): SourceFigure[] {
  const ours = ourSeries(requests);
  const missing = aggregate === null ? "profile_export_aiperf.json not found" : "";
  const figures: SourceFigure[] = [];
  const count = statOf(aggregate, "request_count", "avg");
  const errors = (aggregate?.error_summary as { count?: number }[] | undefined)?.reduce(
    (n, e) => n + (e.count ?? 0),
    0,
  );
  figures.push(plainFigure("requests_completed", count, count === null ? missing : "request_count"));
  figures.push(plainFigure("requests_failed", errors ?? null, errors === undefined ? missing : "error_summary"));
  const starts = requests.map((r) => r.sentNs);
  const lastEnd = Math.max(...requests.map((r) => r.doneNs));
  const duration = statOf(aggregate, "benchmark_duration", "avg");
  figures.push(
    plainFigure("duration_s", duration, duration === null ? missing : "benchmark_duration", {
      alternatives: [
        {
          value: (lastEnd - Math.min(...starts)) / 1e9,
          why: "AIPerf's benchmark_duration runs from its first request's start; ours from the phase start, its first credit",
        },
      ],
    }),
  );
  // AIPerf's rates are over its benchmark_duration: from the first request's start, not the phase's.
  const ok = requests.filter((r) => r.errorKind === null);
  const spanS = (lastEnd - Math.min(...starts)) / 1e9;
  const tokens = ok.reduce((n, r) => n + (r.outputTokens ?? 0), 0);
  const rate = (key: string, field: string, value: number, what: string) => {
    const source = statOf(aggregate, field, "avg");
    const why = `AIPerf's ${field} is its ${what} ÷ benchmark_duration, from its first request's start; ours from the phase start`;
    return plainFigure(key, source, source === null ? missing : field, {
      alternatives: [{ value, why }],
      definition: why,
    });
  };
  figures.push(rate("qps", "request_throughput", ok.length / spanS, "requests"));
  figures.push(rate("tps", "output_token_throughput", tokens / spanS, "output tokens"));
  for (const [series, field, definition] of SERIES) {
    const stats: Statistic[] = series === "osl" || series === "isl" ? ["mean"] : ["mean", 50, 90, 99];
    for (const stat of stats) {
      const source = statOf(aggregate, field, statField(stat));
      figures.push(
        seriesFigure({
          tool: "aiperf",
          series,
          stat,
          source,
          field: source === null ? missing || `${field} not in the aggregate` : `${field}.${statField(stat)}`,
          method: "linear",
          ours,
          own: { values: ownValues(metrics, field), why: definition ?? "AIPerf's own per-request values" },
          ...(definition ? { definition } : {}),
        }),
      );
    }
  }
  return figures;
}
