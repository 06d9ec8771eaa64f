/**
 * @module dataset/conversations/conversation-history — each client turn's messages, pre-built
 * from the recorded conversation, as upstream's agentic_inference replays it.
 *
 * Walking a conversation in turn order with a running history (the system message first when
 * any row has a non-empty `system`): a user or tool row is a client turn, sent with the history
 * so far plus its own message(s); an assistant row is the recorded reply and only joins the
 * history. A tool row becomes one `tool` message per result. The model's real replies never
 * enter the history (that is `history: live`, a later feature). Messages carry only the keys a
 * chat server reads (role, content, name, tool_calls, tool_call_id, reasoning_content); an
 * assistant's null content is left out, as upstream's encoder does.
 */
import type { DatasetRow } from "../file-rows.ts";
import type { ConversationRows, Role } from "./conversation-rules.ts";

type ChatMessage = Record<string, unknown>;

export interface ClientTurn {
  /** The row's turn number in its conversation (1-based). */
  turn: number;
  /** The row's index in the file (for messages naming it). */
  rowIndex: number;
  role: Extract<Role, "user" | "tool">;
  /** Everything sent for this turn: system, recorded history, this row. */
  messages: ChatMessage[];
  /** Recorded think or tool time before this turn (`delay_seconds`), s; 0 when none. */
  delayS: number;
  /** The last `ownMessages` of `messages` are this row's own (one per tool result); the rest is history. */
  ownMessages: number;
  row: DatasetRow;
}

export interface Conversation {
  id: string;
  /** The system prompt every turn starts with; null when the conversation has none. */
  system: string | null;
  turns: ClientTurn[];
  /** Every row in turn order (the inline scorer reads the recorded assistant rows). */
  rows: ConversationRows["rows"];
}

const present = (value: unknown): boolean => value !== null && value !== undefined;

function rowMessages(row: DatasetRow, role: Role): ChatMessage[] {
  if (role === "tool") {
    return (row.tool_results as Record<string, unknown>[]).map((result) => ({
      role: "tool",
      tool_call_id: result.tool_call_id,
      content: result.content,
    }));
  }
  const message: ChatMessage = { role };
  for (const key of ["content", "name", "tool_calls", "reasoning_content"] as const)
    if (present(row[key])) message[key] = row[key];
  return [message];
}

/** `delay_seconds` as upstream reads it: a positive number, else no delay. */
function delayOf(row: DatasetRow): number {
  const value = typeof row.delay_seconds === "string" ? Number(row.delay_seconds) : row.delay_seconds;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

function systemOf(rows: ConversationRows["rows"]): string | null {
  for (const { row } of rows) if (typeof row.system === "string" && row.system !== "") return row.system;
  return null;
}

export function buildConversation(conversation: ConversationRows): Conversation {
  const system = systemOf(conversation.rows);
  const history: ChatMessage[] = system === null ? [] : [{ role: "system", content: system }];
  const turns: ClientTurn[] = [];
  for (const { row, index, turn, role } of conversation.rows) {
    const own = rowMessages(row, role);
    if (role !== "assistant")
      turns.push({
        turn,
        rowIndex: index,
        role,
        messages: [...history, ...own],
        delayS: delayOf(row),
        ownMessages: own.length,
        row,
      });
    history.push(...own);
  }
  return { id: conversation.id, system, turns, rows: conversation.rows };
}
