/**
 * @module import/figure-builders — a source's figure beside the readings that could explain a
 * difference from ours: the source's percentile method over our values, over the requests it
 * counted, and its own per-request definition. Each reader (import/read-*) lists its figures with these.
 */
import { METHOD_WORDS, meanOf, percentileBy, type PercentileMethod } from "./percentile-methods.ts";
import type { OurSeries, OurSeriesName } from "./our-series.ts";
import { TOOL_NAMES, type FigureAlternative, type SourceFigure, type SourceTool } from "./source-run.ts";

/** A mean, or the p-th percentile. */
export type Statistic = "mean" | number;

/** The statistic of ascending `sorted` by `method`; NaN when empty. */
function statisticOf(sorted: ArrayLike<number>, stat: Statistic, method: PercentileMethod): number {
  return stat === "mean" ? meanOf(sorted) : percentileBy(method, sorted, stat);
}

/** The figure's key in report/import-figures: `ttft_p50`, `latency_mean`. */
const figureKey = (series: OurSeriesName, stat: Statistic): string =>
  `${series}_${stat === "mean" ? "mean" : `p${stat}`}`;

interface SeriesFigureSpec {
  tool: SourceTool;
  series: OurSeriesName;
  stat: Statistic;
  /** The source's value (display unit: ms or tokens), null when it has none. */
  source: number | null;
  field: string;
  method: PercentileMethod;
  /** Our values over every imported request. */
  ours: OurSeries;
  /** Our values over the requests the source counted, when it counted fewer, and why. */
  counted?: { series: OurSeries; why: string };
  /** The source's own per-request values (its definition, over the requests it counted), ascending, and how it defines them. */
  own?: { values: ArrayLike<number>; why: string };
  definition?: string;
  oursMissing?: string;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** A series figure with its alternatives, most specific last: method, then rows, then definition. */
export function seriesFigure(spec: SeriesFigureSpec): SourceFigure {
  const { tool, series, stat, method } = spec;
  const alternatives: FigureAlternative[] = [];
  if (stat !== "mean" && method !== "lower")
    alternatives.push({
      value: finite(statisticOf(spec.ours[series], stat, method)),
      why: `percentile method: ${TOOL_NAMES[tool]} takes ${METHOD_WORDS[method]}, ours ${METHOD_WORDS.lower}`,
    });
  if (spec.counted)
    alternatives.push({ value: finite(statisticOf(spec.counted.series[series], stat, method)), why: spec.counted.why });
  if (spec.own) alternatives.push({ value: finite(statisticOf(spec.own.values, stat, method)), why: spec.own.why });
  return {
    key: figureKey(series, stat),
    source: spec.source,
    field: spec.field,
    alternatives,
    ...(spec.definition ? { definition: spec.definition } : {}),
    ...(spec.oursMissing ? { oursMissing: spec.oursMissing } : {}),
  };
}

/** A figure with no per-request readings (a count, a duration, a rate). */
export function plainFigure(
  key: string,
  source: number | null,
  field: string,
  more: Partial<Pick<SourceFigure, "alternatives" | "definition" | "oursMissing">> = {},
): SourceFigure {
  return { key, source, field, alternatives: more.alternatives ?? [], ...more };
}
