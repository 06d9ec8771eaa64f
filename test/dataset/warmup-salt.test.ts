import { describe, expect, test } from "bun:test";
import { assertSaltable, saltedRow } from "../../src/dataset/warmup-salt.ts";
import { InputError } from "../../src/errors.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

describe("dataset/warmup-salt", () => {
  test("salts like upstream: 8 random bytes as 16 hex chars (python3: Random(44).randbytes(8).hex())", () => {
    const rng = new PythonRandom(44);
    expect(saltedRow({ prompt: "hello", x: 1 }, rng)).toEqual({ prompt: "[a8ce956811102085] hello", x: 1 });
    expect(saltedRow({ prompt: "hello" }, rng).prompt).toBe("[78adbe8a4bfd9cb3] hello");
  });

  test.each([
    [{ input_tokens: [1, 2] }, "input_tokens"],
    [{ messages: [{ role: "user", content: "x" }] }, "messages"],
    [{ prompt: 5 }, "no string prompt"],
  ])("refuses to salt %j", (row, why) => {
    expect(() => assertSaltable([{ prompt: "ok" }, row], "d")).toThrow(InputError);
    expect(() => assertSaltable([{ prompt: "ok" }, row], "d")).toThrow(`row 2 has ${why.startsWith("no") ? "" : ""}`);
    expect(() => assertSaltable([{ prompt: "ok" }, row], "d")).toThrow(why);
  });
});
