/**
 * @module config/templates — YAML written by `init offline|online|concurrency|eval|submission`: the resolved
 * default config (no nulls), with placeholders to replace and a comment on every documented key.
 */
import { Document, isMap, isScalar, isSeq } from "yaml";
import { buildConfig } from "./build-config.ts";
import type { PathSegment } from "./object-path.ts";
import { withoutNulls } from "./yaml-text.ts";
import { describePath } from "./schema/walk.ts";

export const TEMPLATE_NAMES = ["offline", "online", "concurrency", "eval", "submission"] as const;
type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const MODEL_PLACEHOLDER = "<MODEL_NAME>";
export const DATASET_PLACEHOLDER = "<DATASET_PATH>";
const TEMPLATE_ENDPOINT = "http://localhost:8000";

function templateInput(name: TemplateName): Record<string, unknown> {
  const base = {
    model_params: { name: MODEL_PLACEHOLDER },
    datasets: [{ name: "perf", type: "performance", path: DATASET_PLACEHOLDER, parser: { prompt: "text_input" } }],
    endpoint_config: { endpoints: [TEMPLATE_ENDPOINT] },
  };
  if (name === "offline") return { name: "offline_benchmark", type: "offline", ...base };
  if (name === "eval") {
    // Accuracy only: predefined datasets from the local Hugging Face cache, scored with their own defaults.
    return {
      name: "eval",
      type: "eval",
      model_params: { name: MODEL_PLACEHOLDER, temperature: 0, max_new_tokens: 4096 },
      datasets: [
        {
          name: "gpqa::gptoss",
          type: "accuracy",
          accuracy_config: {
            eval_method: "pass_at_1",
            extractor: "abcd_extractor",
            ground_truth: "ground_truth",
            num_repeats: 1,
          },
        },
        {
          name: "aime25::gptoss",
          type: "accuracy",
          accuracy_config: {
            eval_method: "pass_at_1",
            extractor: "boxed_math_extractor",
            ground_truth: "answer",
            num_repeats: 1,
          },
        },
      ],
      endpoint_config: { endpoints: [TEMPLATE_ENDPOINT] },
    };
  }
  if (name === "submission") {
    // Unlike upstream's hand-written template this one validates: its ruleset pins the round's seeds.
    return {
      name: "llama2-70b-submission",
      type: "submission",
      benchmark_mode: "offline",
      submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" },
      ...base,
      settings: { runtime: { min_duration_ms: 600_000 } },
    };
  }
  if (name === "online") {
    return {
      name: "online_benchmark",
      type: "online",
      ...base,
      settings: { load_pattern: { type: "poisson", target_qps: 10 } },
    };
  }
  return {
    name: "concurrency_benchmark",
    type: "online",
    ...base,
    settings: { load_pattern: { type: "concurrency", target_concurrency: 32 } },
  };
}

/** Puts each key's schema description next to it: after scalars, above sections. */
function annotate(node: unknown, path: PathSegment[]): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const childPath = [...path, String(pair.key.value)];
      const text = describePath(childPath);
      if (text && isScalar(pair.value)) pair.value.comment = ` ${text}`;
      else if (text) pair.key.commentBefore = ` ${text}`;
      annotate(pair.value, childPath);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => annotate(item, [...path, index]));
  }
}

/** YAML text for `init <name>`; valid as is, useful once the placeholders are replaced. */
export function renderTemplate(name: TemplateName): string {
  const config = buildConfig({ command: "from-config", yaml: templateInput(name), overrides: {} });
  const plain = withoutNulls(structuredClone(config)) as Record<string, unknown>;
  const settings = plain.settings as { client?: Record<string, unknown> } | undefined;
  // Upstream's ZeroMQ transport knobs are accepted but meaningless here: keep them out of templates.
  if (settings?.client) delete settings.client.transport;
  // YAML 1.1 quoting ("on", "off") so PyYAML-based tools read the same values.
  const doc = new Document(plain, { version: "1.1" });
  annotate(doc.contents, []);
  const submissionNotes =
    name === "submission"
      ? [
          " submission_ref pins the ruleset's RNG seeds (written below). The accuracy dataset of this model",
          " (OpenOrca scored with rouge) is not supported yet; run accuracy with mlcommons/endpoints.",
        ]
      : [];
  doc.commentBefore = [
    ` inference-endpoint ${name} benchmark template.`,
    ...submissionNotes,
    ` Replace ${MODEL_PLACEHOLDER} and ${DATASET_PLACEHOLDER} (and the endpoint), then run:`,
    `   inference-endpoint benchmark from-config -c ${name}_template.yaml`,
    " Strings may use ${VAR} or ${VAR:-default} to read environment variables.",
  ].join("\n");
  return doc.toString({ lineWidth: 0 });
}
