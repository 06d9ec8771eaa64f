/** @module test/accuracy/agentic-inline/inline-score — the scores.json document of `agentic_inference_inline`, from dataset rows and issued turns. */
import { describe, expect, test } from "bun:test";
import {
  compareCodePoints,
  domainOf,
  issuedRepeatCount,
  roundLikePython,
  scoreAgenticInline,
  splitRepeat,
  type ConversationRow,
  type InlineScores,
  type IssuedTurn,
  type ToolCallOut,
  type TurnOutput,
} from "../../../src/accuracy/agentic-inline/inline-score.ts";

const bash = (command: string): ToolCallOut => ({
  id: "c0",
  type: "function",
  function: { name: "bash", arguments: JSON.stringify({ cmd: command }) },
});
const user = (conversation_id: string, turn: number): ConversationRow => ({ conversation_id, turn, role: "user" });
const tool = (conversation_id: string, turn: number): ConversationRow => ({ conversation_id, turn, role: "tool" });
const reply = (conversation_id: string, turn: number, extra: Partial<ConversationRow> = {}): ConversationRow => ({
  conversation_id,
  turn,
  role: "assistant",
  ...extra,
});
const answer = (parts: Partial<TurnOutput>): TurnOutput => ({
  content: "",
  reasoningContent: "",
  toolCalls: [],
  ...parts,
});
const issue = (conversationId: string, turn: number, output: TurnOutput | null): IssuedTurn => ({
  conversationId,
  turn,
  output,
});

// The datasets of upstream's three unit tests: one coding and one workflow conversation.
const codeAndSim = [
  user("code1", 1),
  reply("code1", 2, { tool_calls: [bash("python -m pytest")] }),
  user("sim_1", 1),
  reply("sim_1", 2, { intent_codes: ["I042"] }),
];
const pythonAnswer = answer({ toolCalls: [bash("python test.py")] });

describe("accuracy/agentic-inline/inline-score", () => {
  test("upstream: scores a coding and a workflow turn", () => {
    const issued = [issue("code1", 1, pythonAnswer), issue("sim_1", 1, answer({ content: "intent: I042" }))];
    const document: InlineScores = {
      score: 1,
      turns: { issued: 2, expected: 2, observed: 2, missing: 0, scored: 2 },
      domains: { coding: { score: 1, scored: 1 }, workflow: { score: 1, scored: 1 } },
      per_turn: [
        {
          conversation_id: "code1",
          repeat: 1,
          turn: 2,
          domain: "coding",
          gt_actions: ["python"],
          model_actions: ["python"],
          score: 1,
        },
        {
          conversation_id: "sim_1",
          repeat: 1,
          turn: 2,
          domain: "workflow",
          gt_intents: ["I042"],
          model_intent: "I042",
          score: 1,
        },
      ],
    };
    expect(scoreAgenticInline(codeAndSim, issued)).toEqual(document);
    expect(issuedRepeatCount(codeAndSim, issued)).toBe(1);
  });

  test("upstream: turns without ground truth are excluded but still count as issued", () => {
    const rows = [
      user("code1", 1),
      reply("code1", 2, { tool_calls: [bash("python -m pytest")] }),
      user("code2", 1),
      reply("code2", 2),
    ];
    const scores = scoreAgenticInline(rows, [issue("code1", 1, pythonAnswer), issue("code2", 1, null)]);
    expect(scores.score).toBe(1);
    expect(scores.turns).toEqual({ issued: 2, expected: 1, observed: 1, missing: 0, scored: 1 });
    expect(scores.excluded_turns).toEqual([
      { conversation_id: "code2", turn: 2, domain: "coding", exclude_reason: "no ground truth" },
    ]);
  });

  test("upstream: every issued turn of every repeat is scored, a failed one as 0", () => {
    const issued = [
      issue("code1", 1, pythonAnswer),
      issue("sim_1", 1, null),
      issue("code1__repeat_2", 1, pythonAnswer),
    ];
    const scores = scoreAgenticInline(codeAndSim, issued);
    expect(scores.score).toBe(0.6667);
    expect(scores.turns).toEqual({ issued: 3, expected: 3, observed: 2, missing: 1, scored: 3 });
    expect(issuedRepeatCount(codeAndSim, issued)).toBe(2);
    expect(scores.domains).toEqual({ coding: { score: 1, scored: 2 }, workflow: { score: 0, scored: 1 } });
    expect(scores.per_turn.map((row) => [row.conversation_id, row.repeat])).toEqual([
      ["code1", 1],
      ["code1", 2],
      ["sim_1", 1],
    ]);
    // JSON key order is part of the document.
    expect(JSON.stringify(scores.per_turn[2])).toBe(
      '{"conversation_id":"sim_1","repeat":1,"turn":2,"domain":"workflow","missing":true,"gt_intents":["I042"],"model_intent":null,"score":0}',
    );
    expect(Object.keys(scores)).toEqual(["score", "turns", "domains", "per_turn"]);
  });

  test("pairs user and tool rows with the next assistant row in turn order; a last client turn has no ground truth", () => {
    const rows = [
      reply("c", 4, { tool_calls: [bash("ls")] }),
      user("c", 5),
      user("c", 1),
      tool("c", 3),
      reply("c", 2, { tool_calls: [bash("cat a; ls")] }),
    ];
    const scores = scoreAgenticInline(rows, [
      issue("c", 1, answer({ toolCalls: [bash("ls")] })),
      issue("c", 3, null),
      issue("c", 5, pythonAnswer),
    ]);
    expect(scores.turns).toEqual({ issued: 2, expected: 2, observed: 1, missing: 1, scored: 2 });
    expect(scores.per_turn.map((row) => [row.turn, row.score])).toEqual([
      [2, 0.5],
      [4, 0],
    ]);
    expect(scores.score).toBe(0.25);
  });

  test("a completed answer wins over a failed duplicate of the same turn", () => {
    const issued = [issue("code1", 1, null), issue("code1", 1, pythonAnswer), issue("code1", 1, null)];
    const scores = scoreAgenticInline(codeAndSim, issued);
    expect(scores.turns).toEqual({ issued: 1, expected: 1, observed: 1, missing: 0, scored: 1 });
    expect(scores.score).toBe(1);
  });

  test("rounds the mean half to even like Python (1/32 → 0.0312)", () => {
    const issued = Array.from({ length: 32 }, (_, i) =>
      issue(i === 0 ? "code1" : `code1__repeat_${i + 1}`, 1, i === 0 ? pythonAnswer : null),
    );
    const scores = scoreAgenticInline(codeAndSim, issued);
    expect(scores.score).toBe(0.0312);
    expect(scores.domains.coding).toEqual({ score: 0.0312, scored: 32 });
    expect(issuedRepeatCount(codeAndSim, issued)).toBe(32);
  });

  test("nothing issued gives a null score and no excluded list when every turn has ground truth", () => {
    expect(scoreAgenticInline(codeAndSim, [issue("", 1, pythonAnswer), issue("code9", 1, pythonAnswer)])).toEqual({
      score: null,
      turns: { issued: 0, expected: 0, observed: 0, missing: 0, scored: 0 },
      domains: {},
      per_turn: [],
    });
  });

  test("orders per-turn rows by code point, as Python sorts str", () => {
    const rows = ["\u{1F600}a", "\uFF21b"].flatMap((id) => [user(id, 1), reply(id, 2, { tool_calls: [bash("ls")] })]);
    const scores = scoreAgenticInline(rows, [issue("\u{1F600}a", 1, null), issue("\uFF21b", 1, null)]);
    expect(scores.per_turn.map((row) => row.conversation_id)).toEqual(["\uFF21b", "\u{1F600}a"]);
  });

  test.each([
    ["c1", "c1", 1],
    ["c1__repeat_2", "c1", 2],
    ["c1__repeat_007", "c1", 7],
    ["a__repeat_2__repeat_3", "a__repeat_2", 3],
    ["c1__repeat_", "c1__repeat_", 1],
    ["c1__repeat_2x", "c1__repeat_2x", 1],
  ] as const)("splitRepeat(%p) → %p, repeat %p", (logical, conversationId, repeat) => {
    expect(splitRepeat(logical)).toEqual({ conversationId, repeat });
  });

  test.each([
    ["sim_1", "workflow"],
    ["sim_0042", "workflow"],
    ["sim_", "coding"],
    ["sim_x", "coding"],
    ["xsim_1", "coding"],
    ["sim_1a", "coding"],
    ["django__django-16899", "coding"],
  ] as const)("domainOf(%p) is %p", (id, domain) => {
    expect(domainOf(id)).toBe(domain);
  });

  // Expected values are Python's round(x, 4).
  test.each([
    [2 / 3, 0.6667],
    [1 / 3, 0.3333],
    [0.03125, 0.0312],
    [0.09375, 0.0938],
    [0.15625, 0.1562],
    [0.00005, 0.0001],
    [0.00015, 0.0001],
    [0.5, 0.5],
    [1, 1],
  ])("roundLikePython(%p, 4) is %p", (x, rounded) => {
    expect(roundLikePython(x, 4)).toBe(rounded);
  });

  test.each([
    ["a", "b", -1],
    ["b", "a", 1],
    ["a", "ab", -1],
    ["same", "same", 0],
    ["\uFF21", "\u{1F600}", -1],
    ["\u{1F600}", "\uFF21", 1],
  ] as const)("compareCodePoints(%p, %p) has sign %p", (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });
});
