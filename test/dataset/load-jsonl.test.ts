/** @module test/dataset/load-jsonl — reading JSONL rows and the errors for bad files. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError, SetupError } from "../../src/errors.ts";
import { loadJsonl, readJsonl } from "../../src/dataset/load-jsonl.ts";

const dir = mkdtempSync(join(tmpdir(), "load-jsonl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeTemp(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("dataset/load-jsonl", () => {
  test("reads objects, skipping blank lines and tolerating CRLF and a BOM", () => {
    const path = writeTemp("ok.jsonl", '\uFEFF{"prompt":"a"}\r\n\r\n  \n{"prompt":"b","n":2}\n{"prompt":"ü"}');
    const { rows, lineNumbers } = readJsonl(path);
    expect(rows).toEqual([{ prompt: "a" }, { prompt: "b", n: 2 }, { prompt: "ü" }]);
    expect(lineNumbers).toEqual([1, 4, 5]);
    expect(loadJsonl(path)).toEqual(rows);
  });

  test.each([
    { name: "bad.jsonl", text: '{"a":1}\n\n{"a":2}\n{"a":\n', message: /bad\.jsonl:4: invalid JSON: / },
    { name: "array.jsonl", text: '{"a":1}\n[1,2]\n', message: /array\.jsonl:2: expected a JSON object, got an array/ },
    { name: "scalar.jsonl", text: '"text"\n', message: /scalar\.jsonl:1: expected a JSON object, got a string/ },
    { name: "null.jsonl", text: "\nnull\n", message: /null\.jsonl:2: expected a JSON object, got null/ },
    { name: "empty.jsonl", text: "", message: /^dataset .*empty\.jsonl has no rows$/ },
    { name: "blank.jsonl", text: "\n  \n\r\n", message: /^dataset .*blank\.jsonl has no rows$/ },
  ])("rejects $name with an InputError naming the line", ({ name, text, message }) => {
    const path = writeTemp(name, text);
    const error = errorOf(() => readJsonl(path));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(message);
  });

  test("names the path as given when the file is missing", () => {
    const error = errorOf(() => readJsonl("no/such/data.jsonl"));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe("dataset file not found: no/such/data.jsonl");
  });

  test("reports an unreadable path (a directory) as a setup failure", () => {
    const path = join(dir, "a-directory.jsonl");
    mkdirSync(path);
    expect(errorOf(() => readJsonl(path))).toBeInstanceOf(SetupError);
  });

  // 20 MB written and read back to cross the decoding slices: seconds on a busy shared host.
  test("keeps line numbers right across decoding slices", () => {
    const filler = "x".repeat(1000);
    const lines = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ i, filler }));
    lines[19_000] = "{broken";
    const error = errorOf(() => readJsonl(writeTemp("big.jsonl", lines.join("\n"))));
    expect(error.message).toMatch(/big\.jsonl:19001: invalid JSON/);
  }, 60_000);
});
