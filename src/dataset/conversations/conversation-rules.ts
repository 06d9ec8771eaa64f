/**
 * @module dataset/conversations/conversation-rules — the checks a conversation dataset passes
 * before any request: upstream's agentic_inference rules, one error naming the row, the
 * conversation and the rule.
 *
 * Rules (as upstream): every row has a printable-ASCII `conversation_id`; a conversation's
 * rows are contiguous in the file; its turns are exactly 1..N; in turn order the roles follow
 * start→user, user→assistant, assistant→tool|user, tool→assistant|user; a tool row answers an
 * assistant row that made tool calls and a user row may not; user rows have content; assistant
 * rows have content or tool calls; tool calls and tool results have their required fields.
 */
import { InputError } from "../../errors.ts";
import type { DatasetRow, RowLocator } from "../file-rows.ts";

export type Role = "user" | "assistant" | "tool";

/** The rows of one conversation in turn order, each with its index in the file. */
export interface ConversationRows {
  id: string;
  rows: { row: DatasetRow; index: number; turn: number; role: Role }[];
}

const NEXT_ROLES: Readonly<Record<Role | "start", readonly Role[]>> = {
  start: ["user"],
  user: ["assistant"],
  assistant: ["tool", "user"],
  tool: ["assistant", "user"],
};

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === "";
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const nonEmptyText = (value: unknown): boolean => typeof value === "string" && value.length > 0;

function fail(where: string, message: string): never {
  throw new InputError(`${where}: ${message}`, {
    hint: "see docs/conversations.md for the conversation dataset format",
  });
}

/** The id as upstream uses it: strings as written, numbers as their decimal text. */
function conversationIdOf(row: DatasetRow, where: string): string {
  const raw = row.conversation_id;
  const id = typeof raw === "number" && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof id !== "string" || id === "") fail(where, "'conversation_id' must be a non-empty string");
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code < 32 || code > 126)
      fail(
        where,
        `conversation '${JSON.stringify(id).slice(1, -1)}': 'conversation_id' must not contain non-printable or non-ASCII characters`,
      );
  }
  return id;
}

function toolCallsProblem(calls: unknown[]): string | null {
  for (const [i, call] of calls.entries()) {
    const at = `tool_calls[${i}]`;
    if (!isObject(call)) return `${at}: must be an object`;
    if (!nonEmptyText(call.id)) return `${at}: missing or empty 'id' (string)`;
    if (call.type !== "function") return `${at}: 'type' must be 'function'`;
    const fn = call.function;
    if (!isObject(fn)) return `${at}: 'function' must be an object`;
    if (!nonEmptyText(fn.name)) return `${at}: 'function.name' must be a non-empty string`;
    if (typeof fn.arguments !== "string" && !isObject(fn.arguments))
      return `${at}: 'function.arguments' must be a JSON string or an object`;
  }
  return null;
}

function toolResultsProblem(results: unknown): string | null {
  if (!Array.isArray(results) || results.length === 0) return "tool rows must have a non-empty 'tool_results' list";
  for (const [i, result] of results.entries()) {
    const at = `tool_results[${i}]`;
    if (!isObject(result)) return `${at}: must be a dict`;
    if (!nonEmptyText(result.tool_call_id)) return `${at}: 'tool_call_id' must be a non-empty string`;
    if (!("content" in result)) return `${at}: 'content' field is required`;
  }
  return null;
}

/** Checks one conversation's rows in turn order (role sequence and per-role fields). */
function checkRoles(conversation: ConversationRows, locate: RowLocator): void {
  let state: Role | "start" = "start";
  let lastCalledTools = false;
  for (const { row, index, turn, role } of conversation.rows) {
    const where = `${locate(index)}: conversation '${conversation.id}' turn ${turn}`;
    if (!NEXT_ROLES[state].includes(role)) fail(where, `invalid role sequence: got '${role}' after '${state}'`);
    if (role === "tool") {
      if (!lastCalledTools) fail(where, "a 'tool' row must follow an 'assistant' row that has non-empty 'tool_calls'");
      const problem = toolResultsProblem(row.tool_results);
      if (problem) fail(where, problem);
    } else if (role === "assistant") {
      const calls = row.tool_calls;
      const hasCalls = Array.isArray(calls) && calls.length > 0;
      if (calls !== null && calls !== undefined && !hasCalls)
        fail(where, "'tool_calls' is present but is not a non-empty list; omit it or give a non-empty list");
      const problem = hasCalls ? toolCallsProblem(calls) : null;
      if (problem) fail(where, problem);
      if (isBlank(row.content) && !hasCalls)
        fail(where, "assistant rows must have non-empty 'content' or non-empty 'tool_calls'");
    } else {
      if (isBlank(row.content)) fail(where, "user rows must have non-empty 'content'");
      if (lastCalledTools)
        fail(
          where,
          "a 'user' row cannot follow an assistant row with 'tool_calls'; a 'tool' result row is required first",
        );
    }
    lastCalledTools = role === "assistant" && Array.isArray(row.tool_calls) && row.tool_calls.length > 0;
    state = role;
  }
}

function roleOf(row: DatasetRow, where: string): Role {
  const role = row.role;
  if (role === "user" || role === "assistant" || role === "tool") return role;
  return fail(where, `invalid role sequence: role must be user, assistant or tool, got ${JSON.stringify(role)}`);
}

function turnOf(row: DatasetRow, where: string): number {
  const turn = row.turn;
  if (typeof turn !== "number" || !Number.isInteger(turn))
    fail(where, `'turn' must be an integer, got ${JSON.stringify(turn)}`);
  return turn;
}

/**
 * Groups the file's rows into conversations (file order of first appearance, rows sorted by
 * turn) and checks every rule; throws an InputError (exit 2) at the first broken one.
 */
export function checkedConversations(rows: readonly DatasetRow[], locate: RowLocator): ConversationRows[] {
  const conversations: ConversationRows[] = [];
  const seen = new Set<string>();
  let current: ConversationRows | null = null;
  rows.forEach((row, index) => {
    const where = locate(index);
    const id = conversationIdOf(row, where);
    if (current?.id !== id) {
      if (seen.has(id))
        fail(
          where,
          `rows of conversation '${id}' are not consecutive; all rows of a conversation must be together in the file`,
        );
      seen.add(id);
      current = { id, rows: [] };
      conversations.push(current);
    }
    current.rows.push({ row, index, turn: turnOf(row, where), role: roleOf(row, where) });
  });
  for (const conversation of conversations) {
    conversation.rows.sort((a, b) => a.turn - b.turn);
    checkRoles(conversation, locate);
  }
  // As upstream: every conversation's roles are checked before any turn numbering.
  for (const conversation of conversations) {
    conversation.rows.forEach(({ turn, index }, i) => {
      if (turn !== i + 1) {
        const turns = conversation.rows.map((r) => r.turn).join(", ");
        fail(
          `${locate(index)}: conversation '${conversation.id}'`,
          `turn numbers must be consecutive starting at 1, got [${turns}]`,
        );
      }
    });
  }
  return conversations;
}
