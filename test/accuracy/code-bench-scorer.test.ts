/**
 * @module test/accuracy/code-bench-scorer — `code_bench_scorer` end to end: local execution of an
 * LCB-shaped dataset, and the evaluation-service WebSocket protocol against a local Bun.serve server.
 */
import { afterAll, describe, expect, test } from "bun:test";
import type { ServerWebSocket } from "bun";
import type { ResponseForScoring, ScoreInput } from "../../src/accuracy/accuracy-entry.ts";
import { interpretFrame, type ServiceRequest } from "../../src/accuracy/code-bench/evaluation-service.ts";
import { scoreDataset } from "../../src/accuracy/score-dataset.ts";
import { ExecutionError, InputError } from "../../src/errors.ts";
import { fenced, LCB_ROWS, PROGRAMS } from "./lcb-fixture.ts";

function response(datasetIndex: number, repeat: number, text: string | null): ResponseForScoring {
  return { datasetIndex, repeat, text, outputTokens: 100 };
}

/** Two questions × 2 repeats + 1 missing sample: add passes once, two_sum passes once, one answer has no code. */
const RESPONSES: ResponseForScoring[] = [
  response(0, 0, fenced(PROGRAMS.addRight)),
  response(0, 1, fenced(PROGRAMS.addWrong)),
  response(1, 0, fenced(PROGRAMS.twoSumRight)),
  response(1, 1, "I could not solve it."),
];

function lcbInput(codeExecution: ScoreInput["codeExecution"], responses = RESPONSES, issued = 5): ScoreInput {
  return {
    datasetName: "livecodebench",
    datasetType: "accuracy",
    evalMethod: "code_bench_scorer",
    extractor: "python_code_extractor",
    groundTruthColumn: "question_id",
    rows: LCB_ROWS,
    numRepeats: 2,
    issued,
    responses,
    durationS: 3,
    codeExecution,
  };
}

/** A scripted evaluation service: records requests and answers each with `reply`. */
function startService(reply: (ws: ServerWebSocket<unknown>, request: ServiceRequest) => void) {
  const requests: ServiceRequest[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response("websocket only", { status: 400 })),
    websocket: {
      message(ws, message) {
        const request = JSON.parse(String(message)) as ServiceRequest;
        requests.push(request);
        reply(ws, request);
      },
    },
  });
  return { url: `ws://127.0.0.1:${server.port}/evaluate`, requests, stop: () => server.stop(true) };
}

/** A test that runs the programs in Python processes: seconds on a busy shared host, so it gets more than bun's 5 s. */
const PROCESSES_TIMEOUT_MS = 60_000;

const servers: Array<{ stop: () => void }> = [];
afterAll(() => servers.forEach((s) => s.stop()));

describe("accuracy/code-bench/code-bench-scorer (local)", () => {
  test(
    "runs each program against its question's tests",
    async () => {
      const entry = await scoreDataset(lcbInput({ allow: true, timeoutPerTestS: 2 }));
      expect(entry.score).toBe(0.4); // 2 passed / 5 issued
      expect(entry).toMatchObject({
        complete: true,
        total_samples: 4,
        response_counts: { issued: 5, scored: 4, empty: 0, missing: 1 },
      });
    },
    PROCESSES_TIMEOUT_MS,
  );

  test("needs --allow-code-execution without a service", async () => {
    const error = await scoreDataset(lcbInput({ allow: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).hint).toContain("--allow-code-execution");
  });

  test("nothing runs when every sample is missing, but permission is still checked", async () => {
    expect((await scoreDataset(lcbInput({ allow: true }, []))).score).toBe(0);
    await expect(scoreDataset(lcbInput(undefined, []))).rejects.toBeInstanceOf(InputError);
  });
});

describe("accuracy/code-bench/evaluation-service", () => {
  test.each([
    ["a progress frame", '{"status": "progress", "completed_samples": 3}', "progress"],
    [
      "a completed frame",
      '{"status": "completed", "result": {"total_samples": 1, "results": {"q": [true]}}}',
      "completed",
    ],
    ["an error frame", '{"status": "error", "error": "out of memory"}', "error"],
    ["a completed frame without results", '{"status": "completed", "result": {"total_samples": 1}}', "error"],
    ["a frame that is not JSON", "<html>", "error"],
    ["a frame without a status", '{"ok": true}', "error"],
    ["a frame with an unknown status as progress", '{"status": "queued"}', "progress"],
  ])("reads %s", (_title, text, kind) => {
    expect(interpretFrame(text).kind).toBe(kind as never);
  });

  test("scores from the service's completed result", async () => {
    const service = startService((ws, request) => {
      ws.send(JSON.stringify({ status: "progress", completed_samples: 1, total_samples: 4 }));
      const results = Object.fromEntries(
        Object.entries(request.codes_dict).map(([qid, codes]) => [qid, codes.map((_, i) => i === 0)]),
      );
      ws.send(JSON.stringify({ status: "completed", result: { total_samples: 4, results } }));
    });
    servers.push(service);
    const entry = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url, serviceTimeoutSec: 30 }));
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]?.timeout_sec).toBe(30);
    expect(service.requests[0]?.codes_dict).toEqual({
      add: [PROGRAMS.addRight, PROGRAMS.addWrong],
      two_sum: [PROGRAMS.twoSumRight, "# FAILED TO EXTRACT CODE"],
    });
    expect(entry.score).toBe(0.4); // the first code of each question "passed": 2 / 5 issued
    expect(entry.complete).toBe(true);
  });

  test("a partial result leaves the entry incomplete", async () => {
    const service = startService((ws) => {
      ws.send(JSON.stringify({ status: "completed", result: { total_samples: 2, results: { add: [true, true] } } }));
    });
    servers.push(service);
    const entry = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url }));
    expect(entry).toMatchObject({ score: 0.4, complete: false });
  });

  test(
    "an error frame falls back to local execution when allowed",
    async () => {
      const service = startService((ws) => ws.send(JSON.stringify({ status: "error", error: "sandbox crashed" })));
      servers.push(service);
      const warnings: string[] = [];
      const entry = await scoreDataset(
        lcbInput({ allow: true, serviceUrl: service.url, onWarning: (w) => warnings.push(w) }),
      );
      expect(entry.score).toBe(0.4);
      expect(warnings.join("\n")).toMatch(/sandbox crashed; evaluating the programs on this machine instead/);
    },
    PROCESSES_TIMEOUT_MS,
  );

  test("an error frame is an ExecutionError when local execution is not allowed", async () => {
    const service = startService((ws) => ws.send(JSON.stringify({ status: "error", error: "sandbox crashed" })));
    servers.push(service);
    const error = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).message).toContain("sandbox crashed");
    expect((error as ExecutionError).hint).toContain("--allow-code-execution");
  });

  test("a closed connection is an ExecutionError when local execution is not allowed", async () => {
    const service = startService((ws) => ws.close(1011, "bye"));
    servers.push(service);
    const error = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).message).toMatch(/closed before a result/);
  });

  test(
    "an unreachable service falls back, or is an ExecutionError",
    async () => {
      const service = startService(() => {});
      service.stop();
      const entry = await scoreDataset(lcbInput({ allow: true, serviceUrl: service.url }));
      expect(entry.score).toBe(0.4);
      const error = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExecutionError);
    },
    PROCESSES_TIMEOUT_MS,
  );

  test("a silent service hits the deadline", async () => {
    const service = startService(() => {});
    servers.push(service);
    const error = await scoreDataset(lcbInput({ allow: false, serviceUrl: service.url, serviceDeadlineS: 0.2 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).message).toMatch(/no result within 0.2 s/);
  });
});
