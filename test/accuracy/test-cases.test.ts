/** @module test/accuracy/test-cases — decoding LiveCodeBench test-case cells, including the compressed form. */
import { describe, expect, test } from "bun:test";
import { decodeTestCases, questionTests, unpickleString } from "../../src/accuracy/code-bench/test-cases.ts";
import { InputError } from "../../src/errors.ts";
import { ADD_ROW, COMPRESSED_PRIVATE_TESTS, TWO_SUM_ROW } from "./lcb-fixture.ts";

const ONE = { input: "1\n", output: "1\n", testtype: "stdin" };

/** Pickle protocol-4 bytes of one str using the BINUNICODE (4-byte length) opcode, as CPython writes long strings. */
function binunicodePickle(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, body.length, true);
  return Uint8Array.from([0x80, 4, 0x58, ...length, ...body, 0x94, 0x2e]);
}

describe("accuracy/code-bench/test-cases", () => {
  test.each([
    ["an array", [ONE], [ONE]],
    ["a JSON string", JSON.stringify([ONE]), [ONE]],
    ["a JSON string with spaces around", ` ${JSON.stringify([ONE])}\n`, [ONE]],
    ["null", null, []],
    ["an empty string", "", []],
    [
      "the compressed form",
      COMPRESSED_PRIVATE_TESTS,
      [
        { input: "10 20\n", output: "30\n", testtype: "stdin" },
        { input: "-5 5\n", output: "0\n", testtype: "stdin" },
      ],
    ],
  ])("decodes %s", (_title, cell, expected) => {
    expect(decodeTestCases(cell, "row 0")).toEqual(expected as never);
  });

  test.each([
    ["not JSON nor base64 pickle", "%%%", /neither JSON nor base64/],
    ["a bad testtype", JSON.stringify([{ ...ONE, testtype: "interactive" }]), /bad test case at 0\.testtype/],
    ["a missing output", [{ input: "1", testtype: "stdin" }], /bad test case at 0\.output/],
  ])("rejects %s", (_title, cell, message) => {
    expect(() => decodeTestCases(cell, "row 3")).toThrow(message);
    expect(() => decodeTestCases(cell, "row 3")).toThrow(InputError);
  });

  test.each([
    [
      "SHORT_BINUNICODE in a frame",
      Uint8Array.from([0x80, 4, 0x95, 4, 0, 0, 0, 0, 0, 0, 0, 0x8c, 2, 0x68, 0x69, 0x94, 0x2e]),
      "hi",
    ],
    ["BINUNICODE outside a frame", binunicodePickle("x".repeat(70_000)), "x".repeat(70_000)],
    ["UTF-8 text", binunicodePickle("héllo ✓"), "héllo ✓"],
  ])("unpickles %s", (_title, bytes, expected) => {
    expect(unpickleString(bytes)).toBe(expected);
  });

  test.each([
    ["a list (code could hide in other opcodes)", Uint8Array.from([0x80, 4, 0x5d, 0x94, 0x2e])],
    ["a truncated string", Uint8Array.from([0x80, 4, 0x8c, 9, 0x68])],
    ["no STOP", Uint8Array.from([0x80, 4, 0x8c, 1, 0x68])],
  ])("refuses %s", (_title, bytes) => {
    expect(() => unpickleString(bytes)).toThrow();
  });

  test("joins public and private tests and reads func_name", () => {
    expect(questionTests(ADD_ROW, 0).tests.map((t) => t.output)).toEqual(["3\n", "30\n", "0\n"]);
    expect(questionTests(TWO_SUM_ROW, 1)).toMatchObject({
      funcName: "twoSum",
      tests: [{ output: "[0, 1]" }, { output: "[1, 2]" }],
    });
  });

  test.each([
    ["no tests", { question_id: "x" }, /row 4 has no test cases/],
    [
      "functional tests without func_name",
      { ...TWO_SUM_ROW, metadata: "{}" },
      /functional tests but no metadata.func_name/,
    ],
  ])("rejects a row with %s", (_title, row, message) => {
    expect(() => questionTests(row, 4)).toThrow(message);
  });
});
