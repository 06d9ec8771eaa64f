/**
 * @module import/vllm-figures — `vllm bench serve`'s own figures beside the readings that explain a
 * difference from ours.
 *
 * vLLM's percentiles interpolate (numpy). Its E2EL ends at its last data event (the usage chunk after
 * the content), which the detailed file does not keep: ours ends at the last content chunk. Its TPOT is
 * (E2EL − TTFT) ÷ (output tokens − 1); its ITL the gap before each chunk (ours spreads a chunk of k
 * tokens into k gaps). Its duration and rates run over its whole run, ours over a run laid from one start.
 */
import { plainFigure, seriesFigure, type Statistic } from "./figure-builders.ts";
import { ourSeries, type OurSeriesName } from "./our-series.ts";
import type { VllmResult } from "./read-vllm.ts";
import type { SourceFigure, SourceRequest } from "./source-run.ts";

const LAID =
  "the file holds no send instants, so ours lays every request from one start (the longest request is our duration); " +
  "vLLM's runs from its first send to its last response";

/** vLLM's name of each of our series, its per-request values (ms), and how its definition differs. */
function seriesOf(r: VllmResult): [OurSeriesName, string, number[], string | undefined][] {
  const ok = r.errors.map((e) => e === "");
  const s = (v: number) => v * 1000;
  return [
    ["ttft", "ttft", r.ttfts.filter((_, i) => ok[i]).map(s), undefined],
    [
      "tpot",
      "tpot",
      r.itls.flatMap((gaps, i) =>
        ok[i] && (r.output_lens[i] ?? 0) > 1
          ? [s(gaps.reduce((a, b) => a + b, 0)) / ((r.output_lens[i] as number) - 1)]
          : [],
      ),
      "vLLM's TPOT is (E2EL − TTFT) ÷ (output tokens − 1), its E2EL ending at the usage event after the content; " +
        "ours (last chunk − first) ÷ the tokens after the first",
    ],
    [
      "itl",
      "itl",
      r.itls.flatMap((gaps, i) => (ok[i] ? gaps.map(s) : [])),
      "vLLM's ITL is the gap before each chunk; ours spreads a chunk of k tokens into k gaps",
    ],
    [
      "latency",
      "e2el",
      [],
      "vLLM's E2EL ends at its last data event (the usage chunk after the content); the file keeps no instant after the last content chunk, where ours ends",
    ],
  ];
}

export function vllmFigures(result: VllmResult, requests: readonly SourceRequest[]): SourceFigure[] {
  const ours = ourSeries(requests);
  const num = (key: string): number | null => {
    const v = (result as Record<string, unknown>)[key];
    return typeof v === "number" ? v : null;
  };
  const failed = result.failed ?? result.errors.filter((e) => e !== "").length;
  const figures: SourceFigure[] = [
    plainFigure("requests_completed", result.completed + failed, "completed + failed"),
    plainFigure("requests_failed", failed, "failed"),
    plainFigure("duration_s", result.duration, "duration", { definition: LAID }),
    plainFigure("qps", num("request_throughput"), "request_throughput", { definition: LAID }),
    plainFigure("tps", num("output_throughput"), "output_throughput", { definition: LAID }),
  ];
  for (const [series, name, own, definition] of seriesOf(result)) {
    for (const stat of ["mean", 50, 90, 99] as Statistic[]) {
      const field = stat === "mean" ? `mean_${name}_ms` : stat === 50 ? `median_${name}_ms` : `p${stat}_${name}_ms`;
      const source = num(field) ?? (stat === 50 ? num(`p50_${name}_ms`) : null);
      figures.push(
        seriesFigure({
          tool: "vllm",
          series,
          stat,
          source,
          field:
            source === null
              ? `${field} not in the file (vllm bench serve --percentile-metrics, --metric-percentiles)`
              : field,
          method: "linear",
          ours,
          ...(own.length > 0
            ? { own: { values: Float64Array.from(own).sort(), why: definition ?? "vLLM's own per-request values" } }
            : {}),
          ...(definition ? { definition } : {}),
        }),
      );
    }
  }
  const per = (total: string) =>
    num(total) === null || result.completed === 0 ? null : (num(total) as number) / result.completed;
  figures.push(plainFigure("osl_mean", per("total_output_tokens"), "total_output_tokens ÷ completed"));
  figures.push(plainFigure("isl_mean", per("total_input_tokens"), "total_input_tokens ÷ completed"));
  return figures;
}
