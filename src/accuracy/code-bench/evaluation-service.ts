/**
 * @module accuracy/code-bench/evaluation-service — upstream's LiveCodeBench evaluation service protocol.
 *
 * One WebSocket connection per scoring run (e.g. ws://localhost:13835/evaluate). We send
 * `{codes_dict: {question_id: [code, …]}, timeout_sec}` and read frames:
 * `{status: "progress", …}` (any number, ignored apart from the callback), then either
 * `{status: "completed", result: {total_samples, results: {question_id: [bool, …]}}}` — the
 * i-th bool judges the i-th code sent for that question — or `{status: "error", …}`. An error
 * frame, a frame that is not JSON, a connection failure, a close before the result and the
 * deadline all reject with an ExecutionError; the caller decides whether to fall back. Frames with
 * another status are ignored, so a newer service can add kinds.
 */
import { z } from "zod";
import { ExecutionError } from "../../errors.ts";

export interface ServiceRequest {
  codes_dict: Record<string, string[]>;
  timeout_sec: number;
}

const ResultSchema = z.object({
  total_samples: z.number(),
  results: z.record(z.string(), z.array(z.boolean())),
});
type ServiceResult = z.infer<typeof ResultSchema>;

const FrameSchema = z.looseObject({ status: z.string() });
const CompletedSchema = z.object({ result: ResultSchema });

type ServiceFrame =
  | { kind: "completed"; result: ServiceResult }
  | { kind: "error"; message: string }
  | { kind: "progress"; frame: Record<string, unknown> };

function errorText(frame: Record<string, unknown>): string {
  const detail = frame.error ?? frame.message;
  return typeof detail === "string" ? detail : JSON.stringify(detail ?? "no detail");
}

/** What one text frame means; a frame that breaks the protocol is an error. */
export function interpretFrame(text: string): ServiceFrame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "error", message: `sent a frame that is not JSON: ${text.slice(0, 200)}` };
  }
  const frame = FrameSchema.safeParse(json);
  if (!frame.success) return { kind: "error", message: `sent a frame without a status: ${text.slice(0, 200)}` };
  if (frame.data.status === "error") return { kind: "error", message: `reported an error: ${errorText(frame.data)}` };
  if (frame.data.status !== "completed") return { kind: "progress", frame: frame.data };
  const completed = CompletedSchema.safeParse(json);
  if (!completed.success)
    return { kind: "error", message: `sent a malformed result: ${completed.error.issues[0]?.message ?? ""}` };
  return { kind: "completed", result: completed.data.result };
}

interface ServiceCallOptions {
  /** Reject when no result arrived within this many milliseconds. */
  deadlineMs: number;
  onProgress?: (frame: Record<string, unknown>) => void;
}

/** Sends one request to the service at `url` and resolves with its result. */
export function evaluateWithService(
  url: string,
  request: ServiceRequest,
  options: ServiceCallOptions,
): Promise<ServiceResult> {
  return new Promise<ServiceResult>((resolve, reject) => {
    let settled = false;
    let ws: WebSocket;
    const finish = (error: ExecutionError | null, result?: ServiceResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      ws.close();
      if (error) reject(error);
      else resolve(result as ServiceResult);
    };
    const fail = (message: string, cause?: unknown): void =>
      finish(new ExecutionError(`evaluation service ${url}: ${message}`, { cause }));
    const deadline = setTimeout(() => fail(`no result within ${options.deadlineMs / 1000} s`), options.deadlineMs);
    try {
      ws = new WebSocket(url);
    } catch (error) {
      clearTimeout(deadline);
      reject(new ExecutionError(`evaluation service ${url}: cannot connect`, { cause: error }));
      return;
    }
    ws.addEventListener("open", () => ws.send(JSON.stringify(request)));
    ws.addEventListener("message", (event: MessageEvent) => {
      const text = typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
      const frame = interpretFrame(text);
      if (frame.kind === "completed") finish(null, frame.result);
      else if (frame.kind === "error") fail(frame.message);
      else options.onProgress?.(frame.frame);
    });
    ws.addEventListener("error", () => fail("connection failed"));
    ws.addEventListener("close", (event: CloseEvent) => fail(`connection closed before a result (code ${event.code})`));
  });
}
