import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interpolateEnv, interpolateString } from "../../src/config/env-interpolate.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import { InputError } from "../../src/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "config-load-yaml-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

const env = { HOST: "gpu-1", PORT: "8000", EMPTY: "", KEY: "sk-123" };

describe("config/env-interpolate", () => {
  test.each([
    ["http://${HOST}:${PORT}", "http://gpu-1:8000"],
    ["$HOST", "gpu-1"],
    ["$HOST/$PORT", "gpu-1/8000"],
    ["${MISSING:-fallback}", "fallback"],
    ["${MISSING:-}", ""],
    ["${EMPTY:-fallback}", ""], // set but empty keeps its value, as upstream (not the shell's `:-`)
    ["${EMPTY}", ""],
    ["${HOST:-unused}", "gpu-1"],
    ["cost $$5", "cost $5"],
    ["$$HOST", "$HOST"],
    ["a $ b", "a $ b"],
    ["100%", "100%"],
    ["${1BAD}", "${1BAD}"],
  ])("expands %p to %p", (input, expected) => {
    const missing: string[] = [];
    expect(interpolateString(input, env, missing)).toBe(expected);
    expect(missing).toEqual([]);
  });

  test.each([
    ["${NOPE}", ["NOPE"]],
    ["$NOPE", ["NOPE"]],
    ["${A}-${B:-x}-$C", ["A", "C"]],
  ])("reports unset variables in %p", (input, expected) => {
    const missing: string[] = [];
    interpolateString(input, env, missing);
    expect(missing).toEqual(expected);
  });

  test("expands values but not keys, and names the path of each missing variable", () => {
    const tree = { $HOST: "$HOST", list: ["${PORT}", 3, null], deep: { key: "${NOPE}" } };
    const { value, problems } = interpolateEnv(tree, env);
    expect(value).toEqual({ $HOST: "gpu-1", list: ["8000", 3, null], deep: { key: "${NOPE}" } });
    expect(problems).toEqual([{ path: "deep.key", variable: "NOPE" }]);
    expect(tree.$HOST).toBe("$HOST");
  });
});

describe("config/load-yaml", () => {
  test("loads a mapping and interpolates environment variables", () => {
    const path = write(
      "ok.yaml",
      'type: offline\nmodel_params:\n  name: ${MODEL:-llama}\nendpoint_config:\n  endpoints: ["http://$HOST:${PORT}"]\n  api_key: ${KEY}\n',
    );
    expect(loadYamlConfig(path, env)).toEqual({
      type: "offline",
      model_params: { name: "llama" },
      endpoint_config: { endpoints: ["http://gpu-1:8000"], api_key: "sk-123" },
    });
  });

  test("reads YAML 1.2 scalars as strings where PyYAML 1.1 would not", () => {
    expect(loadYamlConfig(write("on.yaml", "streaming: on\nversion: 1.0\n"), env)).toEqual({
      streaming: "on",
      version: 1,
    });
  });

  test.each([
    ["a missing file", () => join(dir, "nope.yaml"), "config file not found: "],
    ["a directory", () => (mkdirSync(join(dir, "sub"), { recursive: true }), join(dir, "sub")), "is a directory"],
    ["a syntax error", () => write("bad.yaml", "type: offline\nmodel_params: [\n"), "invalid YAML: "],
    ["duplicate keys", () => write("dup.yaml", "type: offline\ntype: online\n"), "dup.yaml:2:1"],
    ["a list", () => write("list.yaml", "- a\n- b\n"), "expected a YAML mapping at the top level, got a list"],
    ["an empty file", () => write("empty.yaml", ""), "got an empty document"],
    ["a scalar", () => write("scalar.yaml", "hello\n"), "got a string"],
    [
      "an unset variable",
      () => write("env.yaml", "endpoint_config:\n  api_key: ${NOT_SET_ANYWHERE}\n"),
      "endpoint_config.api_key: environment variable NOT_SET_ANYWHERE is not set",
    ],
    [
      "an unset bare variable",
      () => write("env2.yaml", "name: $NOT_SET_ANYWHERE\n"),
      "name: environment variable NOT_SET_ANYWHERE is not set",
    ],
  ])("rejects %s", (_what, makePath, message) => {
    const path = makePath();
    expect(errorOf(() => loadYamlConfig(path, env)).message).toContain(message);
  });

  test("names file, line and column of a syntax error", () => {
    const path = write("pos.yaml", "type: offline\nsettings:\n  runtime: {min_duration_ms: 5\n");
    expect(errorOf(() => loadYamlConfig(path, env)).message).toMatch(/pos\.yaml:\d+:\d+: /);
  });
});
