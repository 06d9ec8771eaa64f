/**
 * `bfcl_v4::function_calling` end to end on the committed BFCL fixture rows: a server that answers
 * each request as a perfect function-calling model would (the ground truth's first option as a
 * streamed tool call, plain text where no call is wanted) scores 100 % in every subset, and one
 * that always calls the first tool scores the hallucination subsets 0 — through the dataset, the
 * request (tools, tool_choice), the structured responses, the scorer and accuracy_results.json.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bfclRows } from "../../src/dataset/predefined/bfcl/bfcl-rows.ts";
import { dumpPythonJson, PyDict, type PyValue } from "../../src/dataset/predefined/bfcl/python-json.ts";
import { parsePythonJson } from "../../src/dataset/predefined/bfcl/python-json-parse.ts";
import { runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-bfcl-");
afterAll(() => dirs.cleanup());
const DATA = join(import.meta.dir, "..", "fixtures", "bfcl", "data");
const NO_CALL = new Set(["irrelevance", "live_irrelevance"]);

type Call = { id: string; type: "function"; function: { name: string; arguments: string } };

/**
 * The calls a perfect model makes: each ground-truth call with every parameter's first option
 * (an "" option means leave it out), its arguments written as Python writes JSON, so 5.0 stays
 * a float as BFCL's type checks want.
 */
function perfectCalls(groundTruth: string): Call[] {
  const calls = parsePythonJson(groundTruth) as PyValue[];
  return calls.map((call, i) => {
    const [name, params] = [...(call as PyDict).entries()][0] as [string, PyDict];
    return {
      id: `call_${i}`,
      type: "function",
      function: { name: String(name).replaceAll(".", "_"), arguments: dumpPythonJson(firstOptions(params)) },
    };
  });
}

/** Each key's first option; a dict value's own keys are options lists too. */
function firstOptions(params: PyDict): PyDict {
  const args = new PyDict();
  for (const [key, options] of params.entries()) {
    const first = (options as PyValue[])[0] as PyValue;
    if (first !== "") args.set(key, first instanceof PyDict ? firstOptions(first) : first);
  }
  return args;
}

function sse(delta: Record<string, unknown>, finish: string): string {
  const events = [
    { choices: [{ index: 0, delta, finish_reason: null }] },
    { choices: [{ index: 0, delta: {}, finish_reason: finish }] },
    { choices: [], usage: { prompt_tokens: 1, completion_tokens: 1 } },
  ];
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n";
}

function bfclServer(mode: "perfect" | "always-call") {
  const rows = bfclRows(DATA, { subsets: PYTHON_SUBSETS });
  const byMessages = new Map(rows.map((row) => [JSON.stringify(row.messages), row]));
  const server = serveCompletions(async (req) => {
    const body = (await req.json()) as {
      messages: unknown;
      tools?: { function: { name: string } }[];
      tool_choice?: string;
    };
    const row = byMessages.get(JSON.stringify(body.messages));
    if (!row || body.tool_choice !== "auto" || !body.tools?.length)
      return new Response("unknown sample", { status: 400 });
    const subset = row.subset as string;
    const first: Call[] = [
      { id: "call_0", type: "function", function: { name: body.tools[0]?.function.name as string, arguments: "{}" } },
    ];
    const calls =
      mode === "always-call"
        ? first
        : NO_CALL.has(subset)
          ? []
          : subset === "live_relevance"
            ? first
            : perfectCalls(row.ground_truth as string);
    const delta =
      calls.length > 0
        ? { role: "assistant", tool_calls: calls.map((c, index) => ({ index, ...c })) }
        : { role: "assistant", content: "I cannot help with that using these functions." };
    return new Response(sse(delta, calls.length > 0 ? "tool_calls" : "stop"), {
      headers: { "content-type": "text/event-stream" },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, rows: rows.length, stop: () => server.stop(true) };
}

/** Java and JavaScript take their values as source text, which the naive perfect answers are not (the checker's tests cover them). */
const PYTHON_SUBSETS = [
  "simple_python",
  "multiple",
  "parallel",
  "parallel_multiple",
  "live_simple",
  "live_multiple",
  "live_parallel",
  "live_parallel_multiple",
  "irrelevance",
  "live_irrelevance",
  "live_relevance",
];

async function run(mode: "perfect" | "always-call") {
  const server = bfclServer(mode);
  try {
    const dir = dirs.make();
    writeFileSync(
      join(dir, "bfcl.yaml"),
      [
        "type: online",
        "model_params: {name: m, temperature: 0}",
        "datasets:",
        "  - name: bfcl_v4::function_calling",
        "    type: accuracy",
        `    generate_params: {subsets: [${PYTHON_SUBSETS.join(", ")}]}`,
        "    accuracy_config: {eval_method: bfcl_v4, ground_truth: ground_truth, extractor: function_call_extractor, num_repeats: 1}",
        "settings:",
        "  load_pattern: {type: concurrency, target_concurrency: 2}",
        `endpoint_config: {endpoints: [${server.url}]}`,
        `report_dir: ${join(dir, "r")}`,
        "",
      ].join("\n"),
    );
    const result = await runCli(["benchmark", "from-config", "-c", join(dir, "bfcl.yaml"), "--mode", "acc"], {
      env: { BFCL_DATA_DIR: DATA },
    });
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const accuracy = JSON.parse(readFileSync(join(dir, "r", "accuracy", "accuracy_results.json"), "utf8"));
    return { entry: accuracy.accuracy_scores[0], rows: server.rows, stdout: result.stdout };
  } finally {
    server.stop();
  }
}

describe("cli/bfcl-run", () => {
  test("a perfect function-calling server scores 100 % in every subset", async () => {
    const { entry, rows } = await run("perfect");
    expect(Object.keys(entry.breakdown.subset_scores).sort()).toEqual([...PYTHON_SUBSETS].sort());
    expect(entry).toMatchObject({
      dataset_name: "bfcl_v4::function_calling",
      extractor: "FunctionCallExtractor",
      score: 1,
      unit_samples: rows,
    });
    expect(entry.breakdown.overall_accuracy).toBe(100);
    expect(entry.breakdown.normalized_single_turn_score).toBe(100);
    expect(Object.values(entry.breakdown.subset_scores).every((v) => v === 100)).toBe(true);
    expect(Object.keys(entry.breakdown.category_scores).sort()).toEqual(["hallucination", "live", "non_live"]);
    expect(entry.breakdown.category_scores).toEqual({ non_live: 100, live: 100, hallucination: 100 });
    expect(entry.breakdown).toMatchObject({
      unscored_subsets: { live_relevance: 100 },
      total_samples: rows,
      issued_samples: rows,
    });
  }, 60_000);

  test("a server that always calls a tool fails the hallucination subsets and the wrong calls", async () => {
    const { entry, stdout } = await run("always-call");
    expect(entry.breakdown.category_scores.hallucination).toBe(0);
    expect(entry.breakdown.unscored_subsets.live_relevance).toBe(100);
    expect(entry.score).toBeLessThan(0.5);
    // As upstream's report, the text lists the breakdown's subset_scores alone, already percentages.
    expect(stdout).toContain("    live_relevance: 100.00%");
    expect(stdout).not.toContain("category_scores");
  }, 60_000);
});
