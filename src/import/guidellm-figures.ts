/**
 * @module import/guidellm-figures — GuideLLM's own figures (a benchmark's `metrics`) beside the
 * readings that explain a difference from ours.
 *
 * GuideLLM counts only the requests that started inside its measured window; its percentile is the
 * smallest value whose share reaches p; its request_latency ends at `request_end`, after the last
 * SSE event (ours); its inter_token_latency ((last token − first token) ÷ (tokens − 1), weighted by
 * tokens) is our TPOT's place; its rates are means of distributions over instants. Where it has no
 * value it writes 0 (prompt tokens no response reported): that is "not in the source" here.
 */
import { plainFigure, seriesFigure, type Statistic } from "./figure-builders.ts";
import type { GuidellmBenchmark, GuidellmRequest } from "./read-guidellm.ts";
import { ourSeries, type OurSeriesName } from "./our-series.ts";
import type { SourceFigure, SourceRequest } from "./source-run.ts";

type Kept = { r: GuidellmRequest; request: SourceRequest | null };
type Distribution = { mean?: number; percentiles?: Record<string, number> };

/** `metrics[name].successful` of the benchmark, when present. */
function distribution(b: GuidellmBenchmark, name: string): Distribution | null {
  const block = b.metrics[name] as { successful?: Distribution } | undefined;
  return block?.successful ?? null;
}

function statOf(d: Distribution | null, stat: Statistic, scale: number): number | null {
  const v = stat === "mean" ? d?.mean : d?.percentiles?.[`p${stat}`];
  return typeof v === "number" ? v * scale : null;
}

/** GuideLLM's field, its scale to our unit, its per-request value (and weight), and how its definition differs. */
const SERIES: readonly [OurSeriesName, string, number, (r: GuidellmRequest) => number[], string | undefined][] = [
  [
    "ttft",
    "time_to_first_token_ms",
    1,
    (r) => (r.time_to_first_token_ms == null ? [] : [r.time_to_first_token_ms]),
    undefined,
  ],
  [
    "latency",
    "request_latency",
    1000,
    (r) => (r.request_latency == null ? [] : [r.request_latency * 1000]),
    "GuideLLM's request_latency ends at request_end, after its client finished with the response; ours at the last SSE event",
  ],
  [
    "tpot",
    "inter_token_latency_ms",
    1,
    (r) =>
      Array((r.output_tokens ?? 1) - 1 > 0 ? (r.output_tokens as number) - 1 : 0).fill(
        r.inter_token_latency_ms ?? Number.NaN,
      ),
    "GuideLLM's inter_token_latency is (last token − first token) ÷ (tokens − 1), each request weighted by its tokens; " +
      "ours (done − first token) ÷ (tokens − 1), each request once",
  ],
  ["osl", "output_token_count", 1, (r) => (r.output_tokens == null ? [] : [r.output_tokens]), undefined],
  ["isl", "prompt_token_count", 1, (r) => (r.prompt_tokens == null ? [] : [r.prompt_tokens]), undefined],
];

export function guidellmFigures(b: GuidellmBenchmark, t0: number, kept: readonly Kept[]): SourceFigure[] {
  const { measure_start_time: start, measure_end_time: end } = b.scheduler_metrics;
  const inWindow = kept.filter(({ r }) => {
    const s = r.info.timings.request_start;
    return s != null && s >= start && s <= end;
  });
  const requests = kept.flatMap(({ request }) => (request ? [request] : []));
  const countedRequests = inWindow.flatMap(({ request }) => (request ? [request] : []));
  const countedOk = inWindow.filter(({ request }) => request?.errorKind === null);
  const why =
    `GuideLLM counts only the ${countedRequests.length} requests that started inside its measured window ` +
    `(by measure_end_time, ${(end - t0).toFixed(3)} s after T0); ours all ${requests.length}`;
  const counted = countedRequests.length < requests.length ? { series: ourSeries(countedRequests), why } : undefined;
  // The requests it made (scheduler_state); its metrics' request_totals count only those in its window.
  const state = (b as { scheduler_state?: { successful_requests?: number; errored_requests?: number } })
    .scheduler_state;
  const made =
    state?.successful_requests === undefined ? null : state.successful_requests + (state.errored_requests ?? 0);
  const figures: SourceFigure[] = [
    plainFigure(
      "requests_completed",
      made,
      made === null ? "no scheduler_state in the file" : "scheduler_state.successful_requests + errored_requests",
    ),
    plainFigure("requests_failed", state?.errored_requests ?? null, "scheduler_state.errored_requests"),
    plainFigure("duration_s", b.duration ?? end - start, "duration", {
      definition:
        "GuideLLM's duration is its measured window, first request's start to its stop condition (measure_end_time), before the last responses; " +
        "ours runs from the first targeted start to the last completion",
    }),
  ];
  const rate = (key: string, name: string, what: string) => {
    const source = statOf(distribution(b, name), "mean", 1);
    return plainFigure(key, source, `${name}.successful.mean`, {
      definition: `GuideLLM's ${name} is the mean of a distribution of ${what} rates it keeps; ours is a count ÷ the duration`,
    });
  };
  figures.push(rate("qps", "requests_per_second", "request"), rate("tps", "output_tokens_per_second", "token"));
  const ours = ourSeries(requests);
  for (const [series, name, scale, values, definition] of SERIES) {
    const own = countedOk.flatMap(({ r }) => values(r).filter(Number.isFinite));
    // GuideLLM writes 0 for what no response reported (prompt tokens without usage): not in the source.
    const reported = own.length > 0;
    for (const stat of (series === "osl" || series === "isl" ? ["mean"] : ["mean", 50, 90, 99]) as Statistic[]) {
      const source = reported ? statOf(distribution(b, name), stat, scale) : null;
      figures.push(
        seriesFigure({
          tool: "guidellm",
          series,
          stat,
          source,
          field: reported
            ? `${name}.successful.${stat === "mean" ? "mean" : `p${stat}`}`
            : `no request reported it (GuideLLM wrote 0 for ${name})`,
          method: "cdf",
          ours,
          ...(counted ? { counted } : {}),
          own: {
            values: Float64Array.from(own).sort(),
            why: [definition, counted?.why].filter(Boolean).join("; ") || "GuideLLM's own values",
          },
          ...(definition ? { definition } : {}),
        }),
      );
    }
  }
  figures.push(
    plainFigure("itl_mean", null, "GuideLLM keeps no instant per chunk (its inter_token_latency is our TPOT's place)"),
  );
  return figures;
}
