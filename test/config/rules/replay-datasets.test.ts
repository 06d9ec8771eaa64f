/**
 * @module test/config/rules/replay-datasets.test — every field of a dataset entry, walked for a trace replay and
 * for a conversation run: each is used (test/workload/trace-workload.test shows a trace's in the bodies it sends),
 * refused in one line naming it, or (a conversation's upstream fields) warned as upstream stores it. A field added
 * to the schema fails the walk until it has a row here.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";
import { configWarnings } from "../../../src/config/rules/config-warnings.ts";
import { DatasetConfigSchema } from "../../../src/config/schema/dataset.ts";

const ENDPOINT = { endpoints: ["http://127.0.0.1:9"] };
const PATTERNS = {
  trace: { type: "trace" },
  conversation: { type: "agentic_inference", target_concurrency: 2 },
} as const;

type Verdict = "used" | { refused: string } | { warned: string } | "stored";
/** A field, the value set, other fields of the same entry it needs, and what becomes of it. */
type Row = [field: string, value: unknown, verdict: Verdict, others?: Record<string, unknown>];

const FIELDS = Object.keys(DatasetConfigSchema.parse({ path: "t.jsonl" }));

const TRACE: Row[] = [
  ["name", "replay", "used"],
  ["type", "performance", "used"],
  ["path", "t.csv", "used"],
  ["format", ".csv", "used"],
  ["format", "huggingface", { refused: "datasets[0].format: a trace is one file (.jsonl, .json, .csv or .parquet)" }],
  [
    "path",
    "random",
    { refused: "datasets[0].path: a trace is one file (.jsonl, .json, .csv or .parquet), not the random" },
  ],
  [
    "path",
    "gpqa",
    { refused: "datasets[0].path: a trace is one file (.jsonl, .json, .csv or .parquet), not a predefined" },
  ],
  ["samples", 5, { refused: "datasets[0].samples: is not used: a trace replays its rows" }],
  ["max_rows", 5, "used"],
  ["template", "Q: {q}", "used"],
  ["split", "test", { refused: "datasets[0].split: selects a Hugging Face split" }],
  ["config", "main", { refused: "datasets[0].config: selects a Hugging Face config" }],
  ["isl", "8", { refused: "datasets[0].isl: isl= applies to the random dataset only" }],
  ["osl", "8", { refused: "datasets[0].osl: osl= applies to the random dataset only" }],
  ["prefix", 8, { refused: "datasets[0].prefix: prefix= applies to the random dataset only" }],
  ["images", 2, { refused: "datasets[0].images: images= applies to the random dataset only" }],
  ["image_size", "64x64", { refused: "datasets[0].image_size: image_size= applies to the random dataset only" }],
  ["image_format", "jpeg", { refused: "datasets[0].image_format: image_format= applies to the random dataset only" }],
  ["turns", 2, { refused: "datasets[0].turns: turns= makes the random dataset conversations" }],
  ["eval_method", "exact_match", { refused: "datasets[0].eval_method: is legacy and not used" }],
  ["parser", { prompt: "q", model: "served" }, "used"],
  ["generate_params", { max_samples: 2 }, { refused: "datasets[0].generate_params: is read by predefined datasets" }],
  [
    "accuracy_config",
    { eval_method: "string_match", extractor: "identity_extractor" },
    { refused: "datasets[0].accuracy_config: a trace replay is not scored" },
  ],
  [
    "agentic_inference",
    {},
    { refused: "datasets[0].agentic_inference: needs settings.load_pattern.type agentic_inference" },
  ],
  ["generation_config_override", { temperature: 0.5 }, "used"],
];

const CONVERSATION: Row[] = [
  ["name", "agents", "used"],
  ["type", "performance", "used"],
  ["path", "c.csv", "used"],
  ["path", "random", "used", { turns: 2, isl: "8", osl: "4" }],
  [
    "path",
    "gpqa",
    { refused: "datasets[0].path: a conversation dataset is one file (.jsonl, .json, .csv or .parquet)" },
  ],
  ["format", ".csv", "used"],
  ["format", "huggingface", { refused: "datasets[0].format: a conversation dataset is one file" }],
  ["samples", 5, { warned: "datasets[0].samples 5 is stored and not used, as in mlcommons/endpoints" }],
  ["max_rows", 5, "used", { path: "random", turns: 2, isl: "8", osl: "4" }],
  ["max_rows", 5, { refused: "datasets[0].max_rows: does not apply to a conversation file" }],
  ["template", "Q: {q}", { refused: "datasets[0].template: does not apply to a conversation dataset" }],
  ["split", "test", { refused: "datasets[0].split: selects a Hugging Face split" }],
  ["config", "main", { refused: "datasets[0].config: selects a Hugging Face config" }],
  ["isl", "8", "used", { path: "random", turns: 2, osl: "4" }],
  ["isl", "8", { refused: "datasets[0].isl: isl= applies to the random dataset only" }],
  ["osl", "8", { refused: "datasets[0].osl: osl= applies to the random dataset only" }],
  ["prefix", 8, { refused: "datasets[0].prefix: prefix= applies to the random dataset only" }],
  ["images", 2, { refused: "datasets[0].images: images= applies to the random dataset only" }],
  ["image_size", "64x64", { refused: "datasets[0].image_size: image_size= applies to the random dataset only" }],
  ["image_format", "jpeg", { refused: "datasets[0].image_format: image_format= applies to the random dataset only" }],
  ["turns", 2, { refused: "datasets[0].turns: turns= applies to the random dataset only" }],
  // Upstream's legacy key, stored on every dataset (docs/upstream-config.md).
  ["eval_method", "exact_match", "stored"],
  ["parser", { model: "served" }, { refused: "datasets[0].parser: does not apply to a conversation dataset" }],
  [
    "generate_params",
    { max_samples: 2 },
    { warned: "datasets[0].generate_params is read by predefined datasets only" },
  ],
  ["accuracy_config", { eval_method: "agentic_inference_inline" }, "used"],
  [
    "accuracy_config",
    { eval_method: "string_match", extractor: "identity_extractor" },
    {
      refused: "datasets[0].accuracy_config.eval_method: a conversation run is scored by agentic_inference_inline only",
    },
  ],
  ["agentic_inference", { turn_timeout_s: 60 }, "used"],
  ["generation_config_override", { temperature: 0.5 }, "used"],
];

function verdictOf(kind: keyof typeof PATTERNS, row: Row): { problems: string[]; warnings: string[] } {
  const [field, value, , extra] = row;
  const dataset = { path: kind === "trace" ? "t.jsonl" : "c.jsonl", ...extra, [field]: value };
  const yaml = {
    type: "online",
    model_params: { name: "m" },
    endpoint_config: ENDPOINT,
    datasets: [dataset],
    settings: { load_pattern: PATTERNS[kind] },
  };
  try {
    return {
      problems: [],
      warnings: configWarnings(buildConfig({ command: "from-config", yaml, overrides: {} })),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { problems: error.problems.map((p) => `${p.path}: ${p.message}`), warnings: [] };
  }
}

describe.each([
  ["trace", TRACE],
  ["conversation", CONVERSATION],
] as const)("config/rules/replay-datasets: a %s's dataset fields", (kind, rows) => {
  test("the table covers every field of a dataset entry", () => {
    expect([...new Set(rows.map(([field]) => field))].sort()).toEqual([...FIELDS].sort());
  });

  test.each(rows.map((row) => [row[0], JSON.stringify(row[1]), row] as const))("%s %s", (field, _value, row) => {
    const { problems, warnings } = verdictOf(kind, row);
    const verdict = row[2];
    if (verdict === "used" || verdict === "stored") {
      expect(problems).toEqual([]);
      expect(warnings.filter((w) => w.includes(`datasets[0].${field}`))).toEqual([]);
    } else if ("refused" in verdict) {
      // turns= on a trace file breaks two rules (no conversations, not random): each says so in its line.
      const naming = problems.filter((p) => p.startsWith(`datasets[0].${field}`));
      expect(naming.filter((p) => p.startsWith(verdict.refused))).toHaveLength(1);
      for (const line of naming) expect(line).not.toContain("\n");
    } else {
      expect(problems).toEqual([]);
      expect(warnings.filter((w) => w.startsWith(verdict.warned))).toHaveLength(1);
    }
  });
});
