/**
 * @module config/rules/conversations — what a conversation run (upstream's agentic_inference) needs, checked before anything loads.
 *
 * As upstream: the performance dataset's `agentic_inference` block and `load_pattern.type:
 * agentic_inference` come together, with a `target_concurrency` (conversations at once);
 * `n_samples_to_issue` does not apply (`num_trajectories_to_issue` counts conversations); an
 * accuracy dataset cannot be a conversation dataset; turns are chat messages (api_type openai;
 * ours: or the Responses API's input items, openai_responses, or Anthropic messages,
 * anthropic_messages: dataset/anthropic-turn). Upstream fails a run with warmup at run time; here
 * it is refused up front.
 * Ours: the pattern given alone (`--load-pattern agentic_inference --dataset …`) implies the
 * block with its defaults (config/rules/resolve-defaults), so the command line works too.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

const PATTERN = "settings.load_pattern";
/** The api types whose bodies carry a conversation's turns: chat messages, Responses input items, Anthropic messages. */
const CONVERSATION_API_TYPES: readonly string[] = ["openai", "openai_responses", "anthropic_messages"];

export const conversationsRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const agenticPattern = config.settings.load_pattern.type === "agentic_inference";
  config.datasets.forEach((dataset, i) => {
    if (
      dataset.accuracy_config?.eval_method === "agentic_inference_inline" &&
      (dataset.type !== "performance" || dataset.agentic_inference === null)
    ) {
      problems.push({
        path: `datasets[${i}].accuracy_config.eval_method`,
        message:
          "agentic_inference_inline scores a conversation run's own turns: it belongs on the performance dataset with the agentic_inference block",
      });
    }
    const method = dataset.accuracy_config?.eval_method;
    if (
      dataset.type === "performance" &&
      dataset.agentic_inference !== null &&
      method &&
      method !== "agentic_inference_inline"
    ) {
      problems.push({
        path: `datasets[${i}].accuracy_config.eval_method`,
        message: `a conversation run is scored by agentic_inference_inline only, not '${method}'`,
      });
    }
    if (dataset.turns !== null && !agenticPattern) {
      problems.push({
        path: `datasets[${i}].turns`,
        message: "turns= makes the random dataset conversations: it needs --load-pattern agentic_inference",
      });
    }
    if (dataset.turns !== null && (dataset.path ?? dataset.name) !== "random")
      problems.push({
        path: `datasets[${i}].turns`,
        message: "turns= applies to the random dataset only (a file's conversations have their own turns)",
      });
    if (dataset.agentic_inference === null) return;
    const at = `datasets[${i}].agentic_inference`;
    if (dataset.type !== "performance")
      problems.push({
        path: at,
        message:
          "conversation (agentic_inference) accuracy datasets are not supported; put the block on the performance dataset",
      });
    else if (!agenticPattern)
      problems.push({
        path: at,
        message: `needs settings.load_pattern.type agentic_inference, got '${config.settings.load_pattern.type}'`,
      });
  });
  if (!agenticPattern) return problems;
  const level = config.settings.load_pattern.target_concurrency;
  if (level === null || level <= 0)
    problems.push({
      path: `${PATTERN}.target_concurrency`,
      message: "agentic_inference needs the number of conversations at once: set --concurrency N",
    });
  if (config.settings.runtime.n_samples_to_issue !== null) {
    problems.push({
      path: "settings.runtime.n_samples_to_issue",
      message:
        "does not apply to agentic_inference; set agentic_inference.num_trajectories_to_issue (conversations to run)",
    });
  }
  if (config.settings.load_pattern.target_qps !== null)
    problems.push({
      path: `${PATTERN}.target_qps`,
      message: "does not apply to agentic_inference (turns follow responses, not a rate)",
    });
  if (config.settings.load_pattern.ramp_up_s > 0)
    problems.push({ path: `${PATTERN}.ramp_up_s`, message: "does not apply to agentic_inference" });
  if (config.settings.warmup.enabled)
    problems.push({
      path: "settings.warmup.enabled",
      message: "warmup cannot run with agentic_inference (as upstream); turn it off",
    });
  if (!CONVERSATION_API_TYPES.includes(config.endpoint_config.api_type)) {
    problems.push({
      path: "endpoint_config.api_type",
      message:
        `conversations are sent as chat messages, which api_type ${config.endpoint_config.api_type} cannot carry; ` +
        "use openai, openai_responses or anthropic_messages",
    });
  }
  return problems;
};
