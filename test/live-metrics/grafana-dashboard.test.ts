import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { liveSeriesNames } from "../../src/live-metrics/live-metric-names.ts";

const DASHBOARD = join(import.meta.dir, "..", "..", "examples", "grafana", "inference-endpoint.json");

interface Panel {
  id: number;
  title: string;
  targets?: { expr: string }[];
}

describe("examples/grafana/inference-endpoint.json", () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as { panels: Panel[]; schemaVersion: number };
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

  test("is a dashboard of panels with unique ids, each with PromQL targets", () => {
    expect(dashboard.schemaVersion).toBeGreaterThan(30);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) expect(panel.targets?.length ?? 0).toBeGreaterThan(0);
  });

  test("every expression reads series the live page exports, and only those", () => {
    const exported = new Set(liveSeriesNames());
    for (const { panel, expr } of exprs) {
      const used = expr.match(/\binference_endpoint_[a-z_]+/g) ?? [];
      expect({ panel, used: used.length > 0 }).toEqual({ panel, used: true });
      expect({ panel, unknown: used.filter((name) => !exported.has(name)) }).toEqual({ panel, unknown: [] });
    }
  });

  test("plots what a run is watched by", () => {
    const all = exprs.map((e) => e.expr).join("\n");
    for (const needed of [
      "rate(inference_endpoint_requests_completed_total",
      "sum by (kind) (rate(inference_endpoint_requests_failed_total",
      "inference_endpoint_requests_in_flight",
      "histogram_quantile(0.99, sum by (le) (rate(inference_endpoint_ttft_seconds_bucket",
      "histogram_quantile(0.5, sum by (le) (rate(inference_endpoint_tpot_seconds_bucket",
      "rate(inference_endpoint_output_tokens_total",
      "inference_endpoint_schedule_lag_seconds_bucket",
    ])
      expect(all).toContain(needed);
  });
});
