/**
 * @module dataset/conversations/load-conversations — reads a conversation dataset (upstream's
 * agentic_inference format) into conversations and one request body per client turn.
 *
 * Any file format the dataset readers know works (JSONL is usual). Rows whose `_type` is
 * `dataset_metadata` are dropped first; the file must have the columns conversation_id, turn,
 * role and content (content on at least one row, as upstream requires); then every rule of
 * conversation-rules holds or the load fails naming the row. Bodies are conversation-major:
 * conversation c's turns are bodies turnStart[c] … turnStart[c+1]−1, in turn order.
 */
import { existsSync } from "node:fs";
import { InputError } from "../../errors.ts";
import { readFileRows, resolveDatasetFormat, type FileFormat } from "../dataset-format.ts";
import type { DatasetRow, RowLocator } from "../file-rows.ts";
import type { RequestBodyParams } from "../request-body.ts";
import { buildConversation, type Conversation } from "./conversation-history.ts";
import { checkedConversations } from "./conversation-rules.ts";
import { turnBodies } from "./turn-body.ts";

export interface ConversationDataset {
  name: string;
  path: string;
  conversations: Conversation[];
  /** Request body of every client turn, conversation-major. */
  bodies: string[];
  /** First body of conversation c; length conversations + 1. */
  turnStart: Uint32Array;
  /** Recorded think/tool time before each body's turn, s. */
  delaysS: Float64Array;
  /** End of the system content inside each body (it starts at SYSTEM_CONTENT_START); 0 = no system message. */
  systemEnds: Uint32Array;
  /** How many of each body's last messages are the turn's own (a tool row has one per result); the rest is history. */
  ownCounts: Uint32Array;
  /** The model each body names (a row's own `model`, else --model: conversations/turn-body). */
  bodyModels: string[];
  /** Names a file row in messages: "data.jsonl:17". */
  locate: RowLocator;
}

const REQUIRED_COLUMNS = ["conversation_id", "turn", "role", "content"] as const;

/** Reads and checks the file; throws InputError (exit 2) naming the file, row, conversation and rule. */
export function loadConversations(
  path: string,
  name: string,
  params: RequestBodyParams,
  format: string | null = null,
): ConversationDataset {
  if (!existsSync(path)) throw new InputError(`dataset file not found: ${path}`, { hint: "check the dataset path" });
  const resolved = resolveDatasetFormat(path, format);
  if (resolved === "huggingface")
    throw new InputError(`${path}: a conversation dataset is one file (.jsonl, .json, .csv or .parquet)`);
  const source = readFileRows(path, resolved as FileFormat);
  const kept: number[] = [];
  source.rows.forEach((row, i) => {
    if (row._type !== "dataset_metadata") kept.push(i);
  });
  const rows = kept.map((i) => source.rows[i] as Record<string, unknown>);
  return conversationsFromRows(rows, (i) => source.locate(kept[i] as number), { name, path }, params);
}

/** Checks conversation rows (a file's, or generated ones) and builds every turn's body. */
export function conversationsFromRows(
  rows: DatasetRow[],
  locate: RowLocator,
  source: { name: string; path: string },
  params: RequestBodyParams,
): ConversationDataset {
  const { name, path } = source;
  if (rows.length === 0)
    throw new InputError(`${path}: no conversation rows`, {
      hint: "each line is one message: conversation_id, turn, role, content",
    });
  for (const column of REQUIRED_COLUMNS) {
    if (!rows.some((row) => column in row))
      throw new InputError(`${path}: a conversation dataset needs the column '${column}'`, {
        hint: "columns: conversation_id, turn, role, content (see docs/conversations.md)",
      });
  }
  if (params.apiType !== "openai" && params.apiType !== "openai_responses" && params.apiType !== "anthropic_messages") {
    throw new InputError(
      `dataset ${name}: conversations are sent as chat messages, which api_type ${params.apiType} cannot carry`,
      { hint: "use endpoint_config.api_type: openai, openai_responses or anthropic_messages" },
    );
  }
  const conversations = checkedConversations(rows, locate).map(buildConversation);
  const bodies: string[] = [];
  const delays: number[] = [];
  const systemEnds: number[] = [];
  const ownCounts: number[] = [];
  const bodyModels: string[] = [];
  const turnStart = new Uint32Array(conversations.length + 1);
  conversations.forEach((conversation, c) => {
    turnStart[c] = bodies.length;
    const built = turnBodies(conversation, params, (turn) => locate(turn.rowIndex));
    built.forEach((body, t) => {
      const turn = conversation.turns[t];
      bodies.push(body.text);
      bodyModels.push(body.model);
      delays.push(turn?.delayS ?? 0);
      systemEnds.push(body.systemSpan?.end ?? 0);
      ownCounts.push(turn?.ownMessages ?? 1);
    });
  });
  turnStart[conversations.length] = bodies.length;
  if (bodies.length === 0) throw new InputError(`${path}: no client turns (user or tool rows) to send`);
  return {
    name,
    path,
    conversations,
    bodies,
    turnStart,
    delaysS: Float64Array.from(delays),
    systemEnds: Uint32Array.from(systemEnds),
    ownCounts: Uint32Array.from(ownCounts),
    bodyModels,
    locate,
  };
}

/** Salting rewrites the system message of every turn: each conversation must have one (upstream refuses the run otherwise). */
export function assertSaltable(dataset: ConversationDataset): void {
  const bare = dataset.conversations.find((c) => c.system === null);
  if (!bare) return;
  const first = bare.turns[0];
  throw new InputError(
    `${first ? dataset.locate(first.rowIndex) : dataset.path}: conversation '${bare.id}' has no system prompt, which agentic_inference.enable_salt requires`,
    {
      hint: "give its first user row a 'system' field, or set enable_salt: false",
    },
  );
}
