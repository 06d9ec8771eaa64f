/**
 * @module workload/conversation-workload — the performance phase of a conversation run (upstream's agentic_inference).
 *
 * Loads the conversation dataset, builds one body per client turn and the trajectory plan
 * (plan/conversation-plan) from the dataset's `agentic_inference` block and the load pattern's
 * target_concurrency. The phase's rows for token counting are the turns' messages. Turns naming their own
 * model are broken down per model (workload/turn-models).
 */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import {
  assertSaltable,
  conversationsFromRows,
  loadConversations,
  type ConversationDataset,
} from "../dataset/conversations/load-conversations.ts";
import { syntheticConversationRows } from "../dataset/conversations/synthetic-conversations.ts";
import { parseLengthSpec } from "../dataset/length-spec.ts";
import type { RequestBodyParams } from "../dataset/request-body.ts";
import { isSyntheticDataset } from "../dataset/synthetic-dataset.ts";
import { InputError } from "../errors.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { buildConversationPlan, type ConversationPlan } from "../plan/conversation-plan.ts";
import { requestParams, timeoutMs } from "./config-values.ts";
import { turnModels } from "./turn-models.ts";
import type { RunModel } from "../record/run-models.ts";
import type { SessionPhase } from "../run/session.ts";

/** What finishing a conversation run needs: the dataset, the plan, and where the inline scores go. */
export interface ConversationRun {
  dataset: ConversationDataset;
  plan: ConversationPlan;
  /** `agentic_inference_inline`'s output file (extras.scores_filename); null when the run is not scored. */
  scoresFile: string | null;
  /** `accuracy_config.ground_truth` as configured (the inline entry's ground_truth_column); null when unset. */
  groundTruth: string | null;
}

interface ConversationWorkload {
  run: ConversationRun;
  /** One row per client turn (its messages), indexed like the bodies. */
  dataset: Dataset;
  phase: SessionPhase;
  /** The models the turns go to, by the plan's `modelIndex`; [] when every turn goes to --model. */
  models: RunModel[];
  modelNote: string | null;
}

function scoresFileOf(spec: DatasetConfig): string | null {
  const accuracy = spec.accuracy_config;
  if (accuracy?.eval_method !== "agentic_inference_inline") return null;
  const name = (accuracy.extras as { scores_filename?: unknown } | null)?.scores_filename;
  return typeof name === "string" && name !== "" ? name : "scores.json";
}

/** `random,turns=T,isl=…,osl=…` as conversations (dataset/conversations/synthetic-conversations). */
function syntheticConversations(
  config: BenchmarkConfig,
  spec: DatasetConfig,
  tokenizer: TextTokenizer | null,
  params: RequestBodyParams,
): ConversationDataset {
  if (!spec.turns || !spec.isl || !spec.osl) {
    throw new InputError("a random conversation dataset needs turns=, isl= and osl=", {
      hint: "e.g. --dataset random,turns=5,isl=256,osl=64,max_rows=50 (50 conversations of 5 user turns)",
    });
  }
  const rows = syntheticConversationRows({
    conversations: spec.max_rows,
    turns: spec.turns,
    isl: parseLengthSpec(spec.isl, "isl"),
    osl: parseLengthSpec(spec.osl, "osl"),
    prefixTokens: spec.prefix ?? 0,
    seed: config.settings.runtime.dataloader_random_seed,
    tokenizer,
  });
  return conversationsFromRows(
    rows,
    (i) => `random conversations: row ${i + 1}`,
    { name: spec.name, path: "random" },
    params,
  );
}

export function conversationWorkload(
  config: BenchmarkConfig,
  spec: DatasetConfig,
  tokenizer: TextTokenizer | null = null,
): ConversationWorkload {
  const agentic = spec.agentic_inference;
  if (!agentic) throw new Error("conversationWorkload needs a dataset with an agentic_inference block");
  const path = spec.path ?? spec.name;
  const params = requestParams(config, spec);
  const conversations = isSyntheticDataset(spec)
    ? syntheticConversations(config, spec, tokenizer, params)
    : loadConversations(path, spec.name, params, spec.format ?? null);
  if (agentic.enable_salt) assertSaltable(conversations);
  const plan = buildConversationPlan({
    phase: "performance",
    source: {
      ids: conversations.conversations.map((c) => c.id),
      turnStart: conversations.turnStart,
      delaysS: conversations.delaysS,
      systemEnds: conversations.systemEnds,
      ownCounts: conversations.ownCounts,
    },
    trajectories: agentic.num_trajectories_to_issue,
    concurrency: config.settings.load_pattern.target_concurrency ?? 1,
    injectDelay: agentic.inject_tool_delay,
    salt: agentic.enable_salt,
    routingHeaders: agentic.routing_headers,
    turnTimeoutMs: timeoutMs(agentic.turn_timeout_s),
    live: agentic.history === "live",
    anthropic: params.apiType === "anthropic_messages",
  });
  const split = turnModels(conversations.bodyModels, params.model, plan.sampleIndex, spec.name);
  if (split.modelIndex) plan.modelIndex = split.modelIndex;
  const rows = conversations.conversations.flatMap((c) => c.turns.map((t) => ({ messages: t.messages })));
  const dataset: Dataset = { name: spec.name, path, rows, columns: ["messages"] };
  const { runtime, drain } = config.settings;
  const scoresFile = scoresFileOf(spec);
  const phase: SessionPhase = {
    kind: "performance",
    plan,
    drainTimeoutMs: timeoutMs(drain.performance_timeout_s),
    maxDurationMs: runtime.max_duration_ms,
  };
  // The inline scorer grades tool calls, and live history resends the replies: both keep them as their parts.
  if (scoresFile || agentic.history === "live") phase.keepResponseText = "structured";
  return {
    run: { dataset: conversations, plan, scoresFile, groundTruth: spec.accuracy_config?.ground_truth ?? null },
    dataset,
    phase,
    models: split.models,
    modelNote: split.note,
  };
}
