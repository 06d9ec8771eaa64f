/**
 * The report's config.yaml leaves out our own fields that hold their defaults, so upstream's tools
 * (which refuse unknown keys) load it; our fields that were set stay, and the file still loads here.
 */
import { describe, expect, test } from "bun:test";
import { parse as parseYaml } from "yaml";
import { buildConfig } from "../../../src/config/build-config.ts";
import { OWN_FIELDS, withoutOwnDefaults } from "../../../src/config/upstream/own-fields.ts";
import { getPath } from "../../../src/config/object-path.ts";
import { redactSecrets } from "../../../src/config/redact.ts";
import { toYamlText } from "../../../src/config/yaml-text.ts";

const BASE = {
  type: "online",
  model_params: { name: "m" },
  datasets: [
    { path: "d.jsonl" },
    { path: "a.jsonl", type: "accuracy", accuracy_config: { eval_method: "pass_at_1", extractor: "abcd_extractor" } },
  ],
  settings: { load_pattern: { type: "poisson", target_qps: 10 } },
  endpoint_config: { endpoints: ["http://127.0.0.1:8000"] },
};

/** config.yaml as the run writes it, read back. */
function written(yaml: Record<string, unknown>): Record<string, unknown> {
  const config = buildConfig({ command: "from-config", yaml, overrides: {} });
  return parseYaml(toYamlText(withoutOwnDefaults(redactSecrets(config)))) as Record<string, unknown>;
}

/** The own fields present in a written file (`datasets[].x` checked on every dataset). */
function ownFieldsIn(file: Record<string, unknown>): string[] {
  const datasets = (file.datasets ?? []) as unknown[];
  return OWN_FIELDS.filter((field) =>
    field.startsWith("datasets[].")
      ? datasets.some((d) => getPath(d, field.slice("datasets[].".length).split(".")) !== undefined)
      : getPath(file, field.split(".")) !== undefined,
  );
}

describe("config/upstream/own-fields", () => {
  test("a config using none of our fields is written with upstream's keys only", () => {
    const file = written(BASE);
    expect(ownFieldsIn(file)).toEqual([]);
    for (const section of ["accuracy", "slo", "server_metrics"]) expect(file).not.toHaveProperty(section);
    expect(file.settings).toMatchObject({ load_pattern: { type: "poisson", target_qps: 10 } });
  });

  test.each([
    [
      "settings.load_pattern.burstiness",
      { settings: { load_pattern: { type: "gamma", target_qps: 10, burstiness: 0.5 } } },
      0.5,
    ],
    [
      "settings.client.retries",
      { settings: { load_pattern: { type: "poisson", target_qps: 10 }, client: { retries: 2 } } },
      2,
    ],
    ["slo.ttft_ms", { slo: { ttft_ms: 500 } }, 500],
    ["server_metrics.url", { server_metrics: { url: "off" } }, "off"],
    [
      "endpoint_config.headers",
      { endpoint_config: { ...BASE.endpoint_config, headers: ["X-Route: a"] } },
      { "X-Route": "a" },
    ],
    ["model_params.extra_body", { model_params: { name: "m", extra_body: { min_p: 0.1 } } }, { min_p: 0.1 }],
  ])("keeps %s when it was set", (field, over, value) => {
    const file = written({ ...BASE, ...over });
    expect(getPath(file, field.split("."))).toEqual(value);
    expect(ownFieldsIn(file)).toEqual([field]);
  });

  test("keeps a dataset's own field only where it was set", () => {
    const file = written({ ...BASE, datasets: [{ path: "d.jsonl", max_rows: 5 }, BASE.datasets[1]] });
    expect((file.datasets as Record<string, unknown>[]).map((d) => d.max_rows)).toEqual([5, undefined]);
  });

  test("a dataset's extra_body stays where it was set", () => {
    const over = { path: "d.jsonl", generation_config_override: { extra_body: { min_p: 0.1 } } };
    const file = written({ ...BASE, datasets: [over, BASE.datasets[1]] });
    expect(getPath(file, ["datasets", 0, "generation_config_override", "extra_body"])).toEqual({ min_p: 0.1 });
  });

  test("credential-named headers are written <redacted>, and the file still loads", () => {
    const endpoint = { ...BASE.endpoint_config, headers: { "X-Route": "a", "X-Api-Key": "sk-never-written" } };
    const file = written({ ...BASE, endpoint_config: endpoint });
    expect(getPath(file, ["endpoint_config", "headers"])).toEqual({ "X-Route": "a", "X-Api-Key": "<redacted>" });
    expect(JSON.stringify(file)).not.toContain("sk-never-written");
    expect(() => buildConfig({ command: "from-config", yaml: file, overrides: {} })).not.toThrow();
  });

  test("the written file loads here with the same settings", () => {
    const yaml = { ...BASE, slo: { tpot_ms: 40 } };
    const again = buildConfig({ command: "from-config", yaml: written(yaml), overrides: {} });
    expect(again).toEqual(buildConfig({ command: "from-config", yaml, overrides: {} }));
  });
});
