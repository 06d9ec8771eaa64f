/**
 * @module dataset/conversations/synthetic-conversations — `--dataset random,turns=T,isl=…,osl=…` as conversations (ours).
 *
 * For prefix-cache and multi-turn studies without a recorded dataset: `max_rows` conversations
 * (default 100) of T user turns, each user message `isl` tokens and each recorded reply `osl`
 * tokens (drawn from the osl lengths) of the random dataset's words (exact in tokens with a
 * tokenizer, in words without). Every turn asks for its own `osl` with max_new_tokens, min_tokens and ignore_eos, as the random
 * dataset does. With `prefix=N`, every conversation opens with the same N-token system prompt.
 * Under `history: live` the recorded replies are replaced by the model's own.
 */
import { offsetSeed, type PythonSeed } from "../../rng/python-random.ts";
import type { TextTokenizer } from "../../tokens/load-tokenizer.ts";
import type { DatasetRow } from "../file-rows.ts";
import type { LengthSpec } from "../length-spec.ts";
import { generateRandomRows } from "../random-dataset.ts";

const DEFAULT_CONVERSATIONS = 100;

interface SyntheticConversationSpec {
  conversations: number | null;
  turns: number;
  isl: LengthSpec;
  osl: LengthSpec;
  prefixTokens: number;
  seed: PythonSeed;
  tokenizer: TextTokenizer | null;
}

export function syntheticConversationRows(spec: SyntheticConversationSpec): DatasetRow[] {
  const conversations = spec.conversations ?? DEFAULT_CONVERSATIONS;
  const messages = conversations * spec.turns;
  const users = generateRandomRows({
    rows: messages,
    isl: spec.isl,
    osl: spec.osl,
    prefixTokens: 0,
    seed: spec.seed,
    tokenizer: spec.tokenizer,
  });
  // Recorded replies with lengths drawn from the osl distribution (the history of later turns in recorded mode).
  const replies = generateRandomRows({
    rows: messages,
    isl: spec.osl,
    osl: null,
    prefixTokens: 0,
    seed: offsetSeed(spec.seed, 1),
    tokenizer: spec.tokenizer,
  }).map((r) => r.prompt);
  const system =
    spec.prefixTokens > 0
      ? generateRandomRows({
          rows: 1,
          isl: { kind: "fixed", value: spec.prefixTokens },
          osl: null,
          prefixTokens: 0,
          seed: offsetSeed(spec.seed, 2),
          tokenizer: spec.tokenizer,
        })[0]?.prompt
      : undefined;
  const rows: DatasetRow[] = [];
  for (let c = 0; c < conversations; c++) {
    const id = `random_${c}`;
    for (let t = 0; t < spec.turns; t++) {
      const i = c * spec.turns + t;
      const user = users[i] as DatasetRow;
      const row: DatasetRow = {
        conversation_id: id,
        turn: 2 * t + 1,
        role: "user",
        content: user.prompt,
        max_new_tokens: user.max_new_tokens,
        min_tokens: user.min_tokens,
        ignore_eos: true,
      };
      if (t === 0 && system !== undefined) row.system = system;
      rows.push(row, { conversation_id: id, turn: 2 * t + 2, role: "assistant", content: replies[i] });
    }
  }
  return rows;
}
