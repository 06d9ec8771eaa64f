import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { configWarnings } from "../../../src/config/rules/config-warnings.ts";

const base = {
  type: "offline",
  model_params: { name: "m" },
  endpoint_config: { endpoints: ["http://127.0.0.1:9"] },
  datasets: [{ path: "d.jsonl" }],
};

function warningsOf(extra: Record<string, unknown>): string[] {
  return configWarnings(buildConfig({ command: "from-config", yaml: { ...base, ...extra }, overrides: {} }));
}

describe("config/rules/config-warnings", () => {
  test.each([
    ["nothing unusual", {}, []],
    [
      "upstream's timeout",
      { timeout: 60 },
      ["timeout 60 is stored and not used, as in mlcommons/endpoints; --run-timeout 60 (run_timeout_s) stops a run"],
    ],
    [
      "a dataset's samples",
      {
        datasets: [
          { path: "d.jsonl" },
          {
            path: "a.jsonl",
            type: "accuracy",
            samples: 1000,
            accuracy_config: { eval_method: "string_match", extractor: "identity_extractor" },
          },
        ],
      },
      [
        "datasets[1].samples 1000 is stored and not used, as in mlcommons/endpoints; max_rows: 1000 uses only the first 1000 rows",
      ],
    ],
    ["max_rows (ours) needs no warning", { datasets: [{ path: "d.jsonl", max_rows: 5 }] }, []],
    [
      "an unregistered ruleset",
      { submission_ref: { model: "m", ruleset: "v0" } },
      ["submission_ref.ruleset 'v0' is not registered; skipping ruleset seed overrides."],
    ],
    ["a registered ruleset", { submission_ref: { model: "llama2-70b", ruleset: "mlcommons-current" } }, []],
    [
      "upstream's own tuning, set as its examples set it",
      {
        settings: {
          client: {
            worker_gc_mode: "disabled",
            max_idle_time: 0.5,
            warmup_connections: 0,
            transport: { recv_buffer_size: 16777216, io_threads: 8 },
          },
        },
      },
      [
        "settings.client.transport.io_threads 8: no effect (it tunes upstream's ZeroMQ IPC; workers here talk over unix sockets)",
        "settings.client.max_idle_time 0.5: no effect (Bun's fetch keeps idle connections by its own rule, which cannot be set)",
        "settings.client.worker_gc_mode \"disabled\": no effect (it tunes Python's garbage collector in upstream's workers; Bun workers have none to tune)",
      ],
    ],
    [
      "osl_distribution, one line for the block",
      { model_params: { name: "m", osl_distribution: { type: "normal", mean: 10, std: 2 } } },
      [
        'model_params.osl_distribution.type "normal", model_params.osl_distribution.mean 10, model_params.osl_distribution.std 2: no effect (stored and not used, as in mlcommons/endpoints)',
      ],
    ],
    [
      "generate_params on a file",
      { datasets: [{ path: "d.jsonl", generate_params: { max_samples: 5 } }] },
      [
        "datasets[0].generate_params is read by predefined datasets only; 'd.jsonl' is not one, so it is not used (as in mlcommons/endpoints)",
      ],
    ],
    [
      "parser on a predefined dataset (upstream's Llama examples set one)",
      {
        datasets: [
          { path: "d.jsonl" },
          { name: "cnn_dailymail::llama3_8b", type: "accuracy", parser: { input: "prompt" } },
        ],
      },
      [
        "datasets[1].parser is not applied to the predefined dataset 'cnn_dailymail::llama3_8b', as in mlcommons/endpoints",
      ],
    ],
    [
      "parser on random (upstream's random is one of its predefined datasets)",
      { datasets: [{ path: "random", isl: "8", osl: "4", parser: { prompt: "text" } }] },
      ["datasets[0].parser is not applied to the predefined dataset 'random', as in mlcommons/endpoints"],
    ],
    [
      "generate_params on a predefined dataset",
      {
        datasets: [
          { path: "d.jsonl" },
          { name: "gpqa::gptoss", type: "accuracy", generate_params: { max_samples: 5 } },
        ],
      },
      [],
    ],
    [
      "worker_initialization_timeout is honoured, so no warning",
      { settings: { client: { worker_initialization_timeout: 300 } } },
      [],
    ],
  ])("%s", (_title, extra, expected) => {
    expect(warningsOf(extra)).toEqual(expected);
  });
});
