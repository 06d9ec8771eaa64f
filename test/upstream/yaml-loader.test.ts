/**
 * @module test/upstream/yaml-loader — upstream's tests/unit/config/test_yaml_loader.py (YAML files, `${VAR}`
 * interpolation, default configs, round trips) against config/load-yaml.ts, env-interpolate.ts and build-config.ts;
 * plus upstream's `resolve_env_var_string` (config/utils.py) on the edge cases its regex decides.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { interpolateString } from "../../src/config/env-interpolate.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import { renderTemplate } from "../../src/config/templates.ts";
import { toYamlText } from "../../src/config/yaml-text.ts";

const T = "tests/unit/config/test_yaml_loader.py";
const dir = mkdtempSync(join(tmpdir(), "upstream-yaml-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const load = (path: string, env: Record<string, string> = {}) =>
  buildConfig({ command: "from-config", yaml: loadYamlConfig(path, env), overrides: {} });

describe("upstream test_yaml_loader.py", () => {
  test(`${T}:30 test_load_valid_yaml`, () => {
    const path = file(
      "test_config.yaml",
      `name: "test-config"\nversion: "1.0"\ntype: "offline"\nmodel_params:\n  name: "test-model"\n  temperature: 0.7\n  max_new_tokens: 1024\n` +
        `datasets:\n  - name: "test"\n    type: "performance"\n    path: "test.jsonl"\n` +
        `settings:\n  runtime:\n    min_duration_ms: 60000\n  load_pattern:\n    type: "max_throughput"\n  client:\n    num_workers: 4\n` +
        `    worker_initialization_timeout: 120\n    transport:\n      type: zmq\n      recv_buffer_size: 16777216\n      send_buffer_size: 8388608\n` +
        `endpoint_config:\n  endpoints:\n    - "http://localhost:8000"\n`,
    );
    const config = load(path);
    expect(config.name).toBe("test-config");
    expect(config.type).toBe("offline");
    expect(config.datasets).toHaveLength(1);
    expect(config.settings.client.worker_initialization_timeout).toBe(120);
    expect(config.settings.client.transport.recv_buffer_size).toBe(16777216);
    expect(config.settings.client.transport.send_buffer_size).toBe(8388608);
  });

  test(`${T}:75 test_load_agentic_routing_headers`, () => {
    const path = file(
      "agentic_routing_headers.yaml",
      `type: online\nmodel_params:\n  name: test-model\ndatasets:\n  - name: agentic\n    type: performance\n    path: agentic.jsonl\n` +
        `    agentic_inference:\n      routing_headers:\n        - X-Session-ID\n        - X-SMG-Routing-Key\n` +
        `settings:\n  load_pattern:\n    type: agentic_inference\n    target_concurrency: 8\nendpoint_config:\n  endpoints:\n    - http://localhost:8000\n`,
    );
    expect(load(path).datasets[0]?.agentic_inference?.routing_headers).toEqual(["X-Session-ID", "X-SMG-Routing-Key"]);
  });

  test(`${T}:109 test_load_nonexistent_file`, () => {
    expect(() => loadYamlConfig("/nonexistent/config.yaml")).toThrow(/not found/);
  });

  test(`${T}:114 test_load_invalid_yaml`, () => {
    expect(() => loadYamlConfig(file("invalid.yaml", "invalid: yaml: syntax: error:"))).toThrow(/invalid YAML/);
  });

  test(`${T}:124 test_env_var_interpolation`, () => {
    const path = file(
      "env_config.yaml",
      `name: "env-test"\ntype: "offline"\nmodel_params:\n  name: "\${TEST_MODEL}"\nendpoint_config:\n  endpoints:\n    - "\${TEST_ENDPOINT}"\n` +
        `  api_key: "\${MISSING_KEY:-sk-default}"\ndatasets:\n  - name: "test"\n    type: "performance"\n    path: "test.jsonl"\n`,
    );
    const config = load(path, { TEST_ENDPOINT: "http://prod:8000", TEST_MODEL: "llama-2-70b" });
    expect(config.model_params.name).toBe("llama-2-70b");
    expect(config.endpoint_config.endpoints).toEqual(["http://prod:8000"]);
    expect(config.endpoint_config.api_key).toBe("sk-default");
  });

  test(`${T}:151 test_bare_env_var_syntax`, () => {
    const path = file(
      "bare_env.yaml",
      `name: "bare-test"\ntype: "offline"\nmodel_params:\n  name: "$BARE_MODEL"\nendpoint_config:\n  endpoints:\n    - "http://localhost:8000"\n` +
        `datasets:\n  - name: "test"\n    type: "performance"\n    path: "test.jsonl"\n`,
    );
    expect(load(path, { BARE_MODEL: "bare-model-name" }).model_params.name).toBe("bare-model-name");
  });

  test.each([
    [175, "test_env_var_missing_raises", "${DEFINITELY_NOT_SET}", "DEFINITELY_NOT_SET"],
    [190, "test_bare_env_var_missing_raises", "$ALSO_NOT_SET", "ALSO_NOT_SET"],
  ])(`${T}:%i %s`, (_line, _name, value, variable) => {
    const path = file(
      `bad_${variable}.yaml`,
      `name: "fail"\ntype: "offline"\nmodel_params:\n  name: "${value}"\ndatasets: []\n`,
    );
    expect(() => loadYamlConfig(path, {})).toThrow(new RegExp(variable));
  });

  test(`${T}:208 test_create_default_offline_config / :215 test_create_default_online_config: our init templates`, () => {
    const offline = load(file("offline_template.yaml", renderTemplate("offline")));
    expect(offline.settings.load_pattern.type).toBe("max_throughput");
    expect(offline.settings.runtime.min_duration_ms).toBe(600000);
    const online = load(file("online_template.yaml", renderTemplate("online")));
    expect(online.settings.load_pattern.type).toBe("poisson");
    expect(online.settings.load_pattern.target_qps).toBe(10);
    expect(online.settings.runtime.min_duration_ms).toBe(600000);
  });

  test(`${T}:223 / :227 create_default_config EVAL and SUBMISSION (declared difference: ours writes both templates, and they load)`, () => {
    expect(load(file("eval_template.yaml", renderTemplate("eval"))).type).toBe("eval");
    expect(load(file("submission_template.yaml", renderTemplate("submission"))).type).toBe("submission");
  });

  test(`${T}:234 test_serialize_deserialize_roundtrip / :261 test_to_yaml_file_creates_directory`, () => {
    const original = load(file("orig.yaml", renderTemplate("offline")));
    const loaded = load(file("roundtrip.yaml", toYamlText(original)));
    expect(loaded.name).toBe(original.name);
    expect(loaded.type).toBe(original.type);
    expect(loaded.settings.client.num_workers).toBe(original.settings.client.num_workers);
    expect(loaded.settings.load_pattern.type).toBe(original.settings.load_pattern.type);
    expect(loaded.settings.client.worker_initialization_timeout).toBe(
      original.settings.client.worker_initialization_timeout,
    );
    expect(loaded.settings.client.transport).toEqual(original.settings.client.transport);
  });
});

describe("upstream config/utils.py resolve_env_var_string: what its regex decides", () => {
  const env = { A: "va", EMPTY: "", DOLLARS: "x$$y", Aé: "uni" };
  test.each([
    ["$$HOME", "$HOME", "an escaped $ (its docstring's example)"],
    ["$$$A", "$$A", "three $: none starts a name, then $$ → $ once"],
    ["${A}$$", "va$", "$$ after a substitution"],
    ["${DOLLARS}", "x$y", "$$ collapses inside a substituted value too"],
    ["${EMPTY:-d}", "", "a variable set to the empty string keeps it"],
    ["${UNSET:-}", "", "an empty default"],
    ["${UNSET:-a:-b}", "a:-b", "the default runs to the first }"],
    ["${UNSET:-x}y}", "xy}", "… and no further"],
    ["${UNSET:-a\nb}", "${UNSET:-a\nb}", "a default does not span lines: left as written"],
    ["${UNSET:-${A}}", "${A}", "a default is not expanded again"],
    ["$Aé", "uni", "a name goes on with Unicode letters (Python's \\w)"],
    ["$A-x", "va-x", "a name stops at -"],
    ["$1A", "$1A", "a name cannot start with a digit"],
    ["${A", "${A", "an unclosed brace is literal"],
    ["$", "$", "a lone $"],
  ])("%j → %j (%s)", (input, want) => {
    const missing: string[] = [];
    expect(interpolateString(input, env, missing)).toBe(want);
    expect(missing).toEqual([]);
  });

  test.each([
    ["${UNSET}", "UNSET"],
    ["$UNSET", "UNSET"],
    ["$é", null],
  ])("%j names %j as missing", (input, variable) => {
    const missing: string[] = [];
    interpolateString(input, env, missing);
    expect(missing).toEqual(variable === null ? [] : [variable]);
  });
});

// not transcribed: none — every case of test_yaml_loader.py is above (create_default_config maps to our init templates).
