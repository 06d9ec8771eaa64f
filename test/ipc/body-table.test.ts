import { describe, expect, test } from "bun:test";
import { packBodies, unpackBodies, type BodyTable } from "../../src/ipc/body-table.ts";
import { encodeFrame, FrameDecoder } from "../../src/ipc/frame-codec.ts";

const CASES: Array<[string, string[]]> = [
  ["no bodies", []],
  ["one empty body", [""]],
  ["empty bodies between others", ["{}", "", "", '{"a":1}', ""]],
  ["ASCII JSON", ['{"model":"m","messages":[{"role":"user","content":"hi"}]}', '{"prompt":"x"}']],
  ["two- and three-byte UTF-8", ['{"content":"café — naïve"}', '{"content":"日本語のテキスト"}']],
  ["astral characters (surrogate pairs in JS, four bytes in UTF-8)", ['{"content":"🙂🚀"}', "𝔘𝔫𝔦"]],
  ["a body that starts with a byte-order mark", ["\ufeff{}", "\ufeff"]],
  ["escaped control characters and quotes", [JSON.stringify({ content: 'a\n\t"b"\\\u0000' })]],
];

/** The table as the worker receives it: through a real frame. */
function throughFrame(table: BodyTable): BodyTable {
  const [message] = new FrameDecoder().push(encodeFrame({ type: "init", bodies: table })) as Array<{
    bodies: BodyTable;
  }>;
  return (message as { bodies: BodyTable }).bodies;
}

describe("ipc/body-table", () => {
  test.each(CASES)("round-trips %s", (_name, bodies) => {
    expect(unpackBodies(packBodies(bodies))).toEqual(bodies);
    expect(unpackBodies(throughFrame(packBodies(bodies)))).toEqual(bodies);
  });

  test("ends count string indices, so a body after multi-byte text starts where it should", () => {
    const table = packBodies(["é", "🙂", "x"]);
    expect(Array.from(table.ends)).toEqual([1, 3, 4]);
    expect(table.utf8.length).toBe(2 + 4 + 1);
  });

  test("1,000 dataset-sized bodies survive the trip in order", () => {
    const bodies = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ model: "m", messages: [{ role: "user", content: `question ${i}: ${"ü".repeat(i % 7)}` }] }),
    );
    expect(unpackBodies(throughFrame(packBodies(bodies)))).toEqual(bodies);
  });

  test("a table whose ends do not match its text is an error, not shifted bodies", () => {
    const table = packBodies(["abc", "def"]);
    expect(() => unpackBodies({ utf8: table.utf8, ends: Uint32Array.of(3, 7) })).toThrow("body table is inconsistent");
  });
});
