/**
 * @module plan/conversation-plan — the plan of a conversation phase: trajectories, their turns, and how many run at once.
 *
 * As upstream's agentic_inference: trajectory k replays conversation k mod n (n conversations
 * in file order) as repeat k div n + 1; its logical id is the conversation id for repeat 1 and
 * `<id>__repeat_<r>` after, and that id goes in the routing headers. The budget is
 * `num_trajectories_to_issue` (default: one pass). A plan entry is one client turn:
 * entries are trajectory-major, so trajectory t's turns are entries starts[t] … starts[t+1]−1,
 * and `offsetNs` holds the think time before each turn (0 unless inject_tool_delay).
 * Concurrency counts trajectories: `slotOffsetsNs` has one slot per trajectory running at once,
 * all open at the start (closed loop). Pure: no clock, no I/O.
 */
import { blake2bHex } from "../dataset/conversations/blake2b.ts";
import type { PhasePlan } from "./phase-plan.ts";

export interface TrajectoryTable {
  /** First entry of each trajectory; length trajectories + 1. */
  starts: Uint32Array;
  /** Logical conversation id of each trajectory (routing header value). */
  ids: string[];
  /** Salting: [repeat salt, conversation salt] of each trajectory, flattened; empty when off. */
  salts: string[];
  /** Header names set to the logical id on every turn. */
  routingHeaders: string[];
  /** A turn not answered within this long fails, and its trajectory ends (ms). */
  turnTimeoutMs: number;
  /** End of the system content in each body (dataset/conversations), for salting. */
  systemEnds: Uint32Array;
  /** `history: live`: each turn carries the model's own earlier replies (worker/live-history). */
  live: boolean;
  /** Live: how many of each body's last messages are the turn's own (the rest is replaced). */
  ownCounts: Uint32Array;
  /** Each turn's chat body is sent as Anthropic's Messages body (dataset/anthropic-turn). */
  anthropic?: boolean;
}

interface ConversationSource {
  ids: readonly string[];
  /** First body of conversation c; length conversations + 1. */
  turnStart: Uint32Array;
  delaysS: Float64Array;
  systemEnds: Uint32Array;
  ownCounts: Uint32Array;
}

export interface ConversationPlanInput {
  phase: string;
  source: ConversationSource;
  /** Trajectories to run; null = one pass over the conversations. */
  trajectories: number | null;
  concurrency: number;
  injectDelay: boolean;
  salt: boolean;
  routingHeaders: readonly string[];
  turnTimeoutMs: number;
  /** `history: live` (default false: upstream's recorded history). */
  live?: boolean;
  /** api_type anthropic_messages: turns go as Messages bodies. */
  anthropic?: boolean;
}

export type ConversationPlan = PhasePlan & { conversations: TrajectoryTable };

export const isConversationPlan = (plan: PhasePlan): plan is ConversationPlan =>
  "conversations" in plan && plan.conversations !== undefined;

/** Upstream's salt: BLAKE2b with a 2-byte digest of the decimal repeat number and of the source conversation id. */
export function trajectorySalts(repeat: number, sourceId: string): [string, string] {
  return [blake2bHex(String(repeat), 2), blake2bHex(sourceId, 2)];
}

/**
 * Upstream's salted system prompt: `[salt: R]`, a blank line, the prompt, a blank line,
 * `[salt: C]`. `newline` is "\\n" when `prompt` is the escaped text inside a JSON string.
 */
export function saltedPrompt(
  prompt: string,
  [repeatSalt, conversationSalt]: readonly [string, string],
  newline = "\n",
): string {
  return `[salt: ${repeatSalt}]${newline}${newline}${prompt}${newline}${newline}[salt: ${conversationSalt}]`;
}

export function buildConversationPlan(input: ConversationPlanInput): ConversationPlan {
  const { source } = input;
  const n = source.ids.length;
  const trajectories = input.trajectories ?? n;
  const starts = new Uint32Array(trajectories + 1);
  let entries = 0;
  for (let k = 0; k < trajectories; k++) {
    starts[k] = entries;
    const c = k % n;
    entries += (source.turnStart[c + 1] as number) - (source.turnStart[c] as number);
  }
  starts[trajectories] = entries;
  const sampleIndex = new Uint32Array(entries);
  const offsetNs = new Float64Array(entries);
  const ids: string[] = [];
  const salts: string[] = [];
  for (let k = 0; k < trajectories; k++) {
    const c = k % n;
    const repeat = Math.floor(k / n) + 1;
    const sourceId = source.ids[c] as string;
    ids.push(repeat === 1 ? sourceId : `${sourceId}__repeat_${repeat}`);
    if (input.salt) salts.push(...trajectorySalts(repeat, sourceId));
    for (
      let body = source.turnStart[c] as number, i = starts[k] as number;
      body < (source.turnStart[c + 1] as number);
      body++, i++
    ) {
      sampleIndex[i] = body;
      offsetNs[i] = input.injectDelay ? Math.round((source.delaysS[body] as number) * 1e9) : 0;
    }
  }
  const slots = Math.max(1, Math.min(input.concurrency, trajectories));
  return {
    phase: input.phase,
    pattern: { type: "agentic_inference", targetConcurrency: input.concurrency },
    sampleIndex,
    offsetNs,
    slotOffsetsNs: new Float64Array(slots),
    maxConcurrency: 0,
    conversations: {
      starts,
      ids,
      salts,
      routingHeaders: [...input.routingHeaders],
      turnTimeoutMs: input.turnTimeoutMs,
      systemEnds: source.systemEnds,
      live: input.live === true,
      ownCounts: input.live === true ? source.ownCounts : new Uint32Array(0),
      ...(input.anthropic === true ? { anthropic: true } : {}),
    },
  };
}
