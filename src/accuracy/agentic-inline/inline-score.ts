/**
 * @module accuracy/agentic-inline/inline-score — `eval_method: agentic_inference_inline`: scores the
 * performance run's own agentic turns against the recorded assistant replies, building the
 * `scores.json` document of mlcommons/endpoints' AgenticInferenceInlineScorer.
 *
 * Ground truth for client turn t of a conversation is the assistant row right after it (rows in
 * turn order). Conversations `sim_<digits>` are the workflow domain (does the model name one of the
 * row's `intent_codes`?), all others coding (multiset IoU of bash executables). Turns without ground
 * truth are listed as excluded. Every issued (conversation, repeat, turn) with ground truth is scored;
 * one without an answer scores 0 and is counted missing. The headline is the mean over them.
 */
import { bashActions, multisetIou, type ToolCallOut } from "./bash-actions.ts";
import { groundTruthIntents, modelIntent } from "./intent-code.ts";

export type { ToolCallOut } from "./bash-actions.ts";

/** One dataset row as loaded from the JSONL (only these fields matter here). */
export interface ConversationRow {
  conversation_id: string;
  turn: number;
  role: "user" | "assistant" | "tool";
  tool_calls?: ToolCallOut[] | null;
  intent_codes?: unknown;
}
/** The model's answer to one client turn (tool-call deltas already merged). */
export interface TurnOutput {
  content: string;
  reasoningContent: string;
  toolCalls: ToolCallOut[];
}
/**
 * One issued client turn: its logical conversation id (`<source>__repeat_<r>` after the first pass),
 * its number, and its answer — null if it failed or never completed.
 */
export interface IssuedTurn {
  conversationId: string;
  turn: number;
  output: TurnOutput | null;
}

type Domain = "coding" | "workflow";
interface TurnHead {
  conversation_id: string;
  repeat: number;
  turn: number;
  domain: Domain;
  missing?: true;
}
type TurnScore = TurnHead &
  ({ gt_intents: string[]; model_intent: string | null } | { gt_actions: string[]; model_actions: string[] }) & {
    score: number;
  };
interface ExcludedTurn {
  conversation_id: string;
  turn: number;
  domain: Domain;
  exclude_reason: "no ground truth";
}
export interface InlineScores {
  score: number | null;
  turns: { issued: number; expected: number; observed: number; missing: number; scored: number };
  domains: Partial<Record<Domain, { score: number; scored: number }>>;
  per_turn: TurnScore[];
  excluded_turns?: ExcludedTurn[];
}

interface Expected {
  conversationId: string;
  clientTurn: number;
  assistantTurn: number;
  reply: ConversationRow;
}
interface Issued {
  conversationId: string;
  repeat: number;
  turn: number;
  output: TurnOutput | null;
  entry: Expected;
}

// ASCII digits and a true end: upstream's Python `\d`/`$` would also take other scripts' digits and a trailing "\n".
const WORKFLOW_ID = /^sim_[0-9]+$/;
const REPEAT_SUFFIX = /__repeat_([0-9]+)$/;
const CLIENT_ROLES: ReadonlySet<unknown> = new Set(["user", "tool"]);

export const domainOf = (conversationId: string): Domain => (WORKFLOW_ID.test(conversationId) ? "workflow" : "coding");

/**
 * Python's `round(x, digits)`: the exact binary value rounded half to even. `toFixed` also rounds
 * the exact value but breaks exact ties upward. A double is an exact tie at d places only when it
 * is an odd multiple of 2^-(d+1) (at 4 places: 0.03125 → 0.0312), so those are settled here.
 */
export function roundLikePython(x: number, digits: number): number {
  const scale = 10 ** digits;
  const halves = x * 2 ** (digits + 1);
  if (Number.isInteger(halves) && halves % 2 !== 0) {
    const down = Math.floor(x * scale);
    return (down % 2 === 0 ? down : down + 1) / scale;
  }
  return Number(x.toFixed(digits));
}

/** Python's str order (by code point); JS `<` compares UTF-16 units, which put U+E000–U+FFFF after astral characters. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const surrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
    if (surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const keyOf = (conversationId: string, turn: number): string => JSON.stringify([conversationId, turn]);
const turnOf = (value: unknown): number => Math.trunc(Number(value) || 0);
const replyActions = (row: ConversationRow): string[] =>
  bashActions(Array.isArray(row.tool_calls) ? row.tool_calls : []);

/** Logical conversation id → source id and repeat number (1 when there is no `__repeat_<r>` suffix). */
export function splitRepeat(logicalId: string): { conversationId: string; repeat: number } {
  const match = REPEAT_SUFFIX.exec(logicalId);
  if (match?.[1] === undefined) return { conversationId: logicalId, repeat: 1 };
  return { conversationId: logicalId.slice(0, match.index), repeat: Number(match[1]) };
}

/** Each client row immediately followed by an assistant row, keyed by (conversation, client turn). */
function expectedTurns(rows: readonly ConversationRow[]): Map<string, Expected> {
  const byConversation = new Map<string, ConversationRow[]>();
  for (const row of rows) {
    if (row.conversation_id === null || row.conversation_id === undefined) continue;
    const id = String(row.conversation_id);
    const list = byConversation.get(id);
    if (list === undefined) byConversation.set(id, [row]);
    else list.push(row);
  }
  const expected = new Map<string, Expected>();
  for (const [conversationId, convRows] of byConversation) {
    const ordered = convRows.toSorted((a, b) => turnOf(a.turn) - turnOf(b.turn));
    ordered.forEach((row, i) => {
      const reply = ordered[i + 1];
      if (!CLIENT_ROLES.has(row.role) || reply?.role !== "assistant") return;
      const clientTurn = turnOf(row.turn);
      expected.set(keyOf(conversationId, clientTurn), {
        conversationId,
        clientTurn,
        assistantTurn: turnOf(reply.turn),
        reply,
      });
    });
  }
  return expected;
}

/** Issued turns that have an expected reply, one per (conversation, repeat, turn); a completed answer wins over a failure. */
function issuedTurns(issued: readonly IssuedTurn[], expected: ReadonlyMap<string, Expected>): Issued[] {
  const byKey = new Map<string, Issued>();
  for (const item of issued) {
    if (!item.conversationId) continue;
    const { conversationId, repeat } = splitRepeat(item.conversationId);
    const turn = turnOf(item.turn);
    const entry = expected.get(keyOf(conversationId, turn));
    if (entry === undefined) continue;
    const key = JSON.stringify([conversationId, repeat, turn]);
    if (!byKey.has(key) || item.output !== null)
      byKey.set(key, { conversationId, repeat, turn, output: item.output, entry });
  }
  return [...byKey.values()];
}

/** Number of distinct repeat ids among issued turns that have an expected reply (upstream's second return value). */
export function issuedRepeatCount(rows: readonly ConversationRow[], issued: readonly IssuedTurn[]): number {
  return new Set(issuedTurns(issued, expectedTurns(rows)).map((turn) => turn.repeat)).size;
}

function hasGroundTruth(entry: Expected): boolean {
  return domainOf(entry.conversationId) === "workflow"
    ? groundTruthIntents(entry.reply.intent_codes).size > 0
    : replyActions(entry.reply).length > 0;
}

/** One scored turn's row (in upstream's key order) and its unrounded score. */
function scoreTurn(turn: Issued): { row: TurnScore; score: number } {
  const { entry } = turn;
  const domain = domainOf(turn.conversationId);
  const head: TurnHead = {
    conversation_id: turn.conversationId,
    repeat: turn.repeat,
    turn: entry.assistantTurn,
    domain,
    ...(turn.output === null ? { missing: true as const } : {}),
  };
  const output = turn.output ?? { content: "", reasoningContent: "", toolCalls: [] };
  if (domain === "workflow") {
    const gt = groundTruthIntents(entry.reply.intent_codes);
    const intent = modelIntent(output);
    const score = intent !== null && gt.has(intent) ? 1 : 0;
    return {
      row: {
        ...head,
        gt_intents: [...gt].sort(compareCodePoints),
        model_intent: intent,
        score: roundLikePython(score, 4),
      },
      score,
    };
  }
  const gtActions = replyActions(entry.reply);
  const modelActions = bashActions(output.toolCalls);
  const score = multisetIou(gtActions, modelActions);
  return {
    row: { ...head, gt_actions: gtActions, model_actions: modelActions, score: roundLikePython(score, 4) },
    score,
  };
}

/** The `scores.json` document for a run's issued turns against the dataset rows. */
export function scoreAgenticInline(rows: readonly ConversationRow[], issued: readonly IssuedTurn[]): InlineScores {
  const expected = expectedTurns(rows);
  const byConvTurn = (a: Expected, b: Expected) =>
    compareCodePoints(a.conversationId, b.conversationId) || a.clientTurn - b.clientTurn;
  const ordered = [...expected.values()].sort(byConvTurn);
  const excluded: ExcludedTurn[] = ordered
    .filter((entry) => !hasGroundTruth(entry))
    .map((entry) => ({
      conversation_id: entry.conversationId,
      turn: entry.assistantTurn,
      domain: domainOf(entry.conversationId),
      exclude_reason: "no ground truth",
    }));

  const allIssued = issuedTurns(issued, expected);
  // Sorted like upstream's (conversation, repeat, turn) tuples: per_turn order and the float sum order follow it.
  const scorable = allIssued
    .filter((turn) => hasGroundTruth(turn.entry))
    .sort((a, b) => compareCodePoints(a.conversationId, b.conversationId) || a.repeat - b.repeat || a.turn - b.turn);

  let total = 0;
  const domainTotals: Record<Domain, { sum: number; count: number }> = {
    coding: { sum: 0, count: 0 },
    workflow: { sum: 0, count: 0 },
  };
  const perTurn = scorable.map((turn) => {
    const { row, score } = scoreTurn(turn);
    total += score;
    domainTotals[row.domain].sum += score;
    domainTotals[row.domain].count += 1;
    return row;
  });

  const observed = scorable.filter((turn) => turn.output !== null).length;
  const domains: InlineScores["domains"] = {};
  for (const domain of ["coding", "workflow"] as const) {
    const { sum, count } = domainTotals[domain];
    if (count > 0) domains[domain] = { score: roundLikePython(sum / count, 4), scored: count };
  }
  return {
    score: perTurn.length > 0 ? roundLikePython(total / perTurn.length, 4) : null,
    turns: {
      issued: allIssued.length,
      expected: scorable.length,
      observed,
      missing: scorable.length - observed,
      scored: perTurn.length,
    },
    domains,
    per_turn: perTurn,
    ...(excluded.length > 0 ? { excluded_turns: excluded } : {}),
  };
}
