/** @module test/compare/compare-servers.test — two runs' servers: which of engine, version and model differ, and how compare prints it. */
import { describe, expect, test } from "bun:test";
import { serverDifferences } from "../../src/compare/compare-servers.ts";
import { renderComparison } from "../../src/compare/render-comparison.ts";
import { LLAMA_IDENTITY } from "../report/server-identity-fixture.ts";

const VLLM = { ...LLAMA_IDENTITY, engine: "vLLM", version: "0.8.5", model: "meta-llama/Llama-3.1-8B-Instruct" };

describe("compare/compare-servers", () => {
  test.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ["the same server", { server: LLAMA_IDENTITY }, { server: { ...LLAMA_IDENTITY, settings: {} } }, []],
    [
      "another engine, version and model",
      { server: LLAMA_IDENTITY },
      { server: VLLM },
      [
        "server engine: llama.cpp → vLLM",
        "server version: b7000-abc → 0.8.5",
        "server model: models/tiny-64x2.gguf → meta-llama/Llama-3.1-8B-Instruct",
      ],
    ],
    [
      "a new build of the same engine",
      { server: LLAMA_IDENTITY },
      { server: { ...LLAMA_IDENTITY, version: null } },
      ["server version: b7000-abc → not reported"],
    ],
    ["a run that recorded no server", {}, { server: VLLM }, []],
  ])("%s", (_name, base, next, expected) => {
    expect(serverDifferences(base, next)).toEqual(expected);
  });

  test("the differences are printed under the two runs' names, above the table", () => {
    const text = renderComparison([], "a", "b", null, ["server engine: llama.cpp → vLLM"]);
    expect(
      text.startsWith("base: a\nnew:  b\nthe runs were served differently:\n  server engine: llama.cpp → vLLM\n\n"),
    ).toBe(true);
    expect(renderComparison([], "a", "b", null)).not.toContain("served differently");
  });
});
