/**
 * @module import/our-series — our per-request values of a source's requests, by our definitions
 * (metrics/request-values), as the report will compute them: to recompute a source figure the
 * source's way over the same requests and so tell a difference of method or rows from one of definition.
 */
import { PhaseColumnsBuilder } from "../metrics/phase-columns.ts";
import { seriesValues, type SeriesName } from "../metrics/request-values.ts";
import { ascending } from "./percentile-methods.ts";
import { recordsOf, sentInOrder, tokensAfterFirstOf } from "./source-records.ts";
import type { SourceRequest } from "./source-run.ts";

/** Each series ascending, times in ms, lengths in tokens. */
export interface OurSeries {
  ttft: Float64Array;
  tpot: Float64Array;
  itl: Float64Array;
  latency: Float64Array;
  osl: Float64Array;
  isl: Float64Array;
}

export type OurSeriesName = keyof OurSeries;

const NS_PER_MS = 1e6;
const TIMES: readonly [OurSeriesName, SeriesName][] = [
  ["ttft", "ttft"],
  ["tpot", "tpot"],
  ["latency", "latency"],
];

/** Our series over `requests` (a source's, or the subset it counted). */
export function ourSeries(requests: readonly SourceRequest[]): OurSeries {
  const sorted = sentInOrder(requests);
  const records = recordsOf(sorted);
  const afterFirst = tokensAfterFirstOf(sorted);
  const builder = new PhaseColumnsBuilder(records.length, { retries: 0, reconnects: 0 });
  records.forEach((r, i) => builder.add({ ...r, tokenizerTokensAfterFirst: afterFirst.get(i) ?? null }));
  const cols = builder.finish();
  const out = {
    itl: ascending(Float64Array.from(cols.itlNs, (v) => v / NS_PER_MS)),
    osl: ascending(seriesValues(cols, "outputTokens")),
    isl: ascending(seriesValues(cols, "inputTokens")),
  } as OurSeries;
  for (const [name, series] of TIMES) out[name] = ascending(seriesValues(cols, series).map((v) => v / NS_PER_MS));
  return out;
}
