/**
 * @module accuracy/code-bench/test-cases — the test cases of one LiveCodeBench row.
 *
 * A row carries `public_test_cases` and `private_test_cases`, each a list of
 * `{input, output, testtype: "stdin" | "functional"}` given as an array or a JSON string. The
 * published LCB dataset stores `private_test_cases` compressed as base64(zlib(pickle(json))); we
 * read that form too, with a tiny decoder that accepts only a pickled string (unpickling anything
 * else would execute code). Functional tests name the method to call in `metadata.func_name`.
 */
import { z } from "zod";
import { InputError } from "../../errors.ts";

const TEST_CASE_COLUMNS = ["public_test_cases", "private_test_cases"] as const;

const TestCaseSchema = z.object({
  input: z.string(),
  output: z.string(),
  testtype: z.enum(["stdin", "functional"]),
});
type TestCase = z.infer<typeof TestCaseSchema>;

/** One program's workload: all tests of a question, public first. */
export interface QuestionTests {
  tests: TestCase[];
  /** The method functional tests call on `Solution()`; null when every test is stdin. */
  funcName: string | null;
}

const PICKLE = {
  PROTO: 0x80,
  FRAME: 0x95,
  SHORT_BINUNICODE: 0x8c,
  BINUNICODE: 0x58,
  BINUNICODE8: 0x8d,
  MEMOIZE: 0x94,
  STOP: 0x2e,
};

/** The string in a pickle that holds exactly one `str` (protocols 2–5); throws on anything else. */
export function unpickleString(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pos = 0;
  // DataView getters throw a RangeError past the end, so a truncated pickle cannot read garbage.
  const uint = (size: 1 | 4 | 8): number => {
    const v =
      size === 1 ? view.getUint8(pos) : size === 4 ? view.getUint32(pos, true) : Number(view.getBigUint64(pos, true));
    pos += size;
    return v;
  };
  const text = (length: number): string => {
    if (pos + length > bytes.length) throw new Error("truncated pickle");
    pos += length;
    return decoder.decode(bytes.subarray(pos - length, pos));
  };
  let value: string | null = null;
  while (pos < bytes.length) {
    const op = uint(1);
    if (op === PICKLE.PROTO) pos += 1;
    else if (op === PICKLE.FRAME) pos += 8;
    else if (op === PICKLE.MEMOIZE) continue;
    else if (op === PICKLE.SHORT_BINUNICODE) value = text(uint(1));
    else if (op === PICKLE.BINUNICODE) value = text(uint(4));
    else if (op === PICKLE.BINUNICODE8) value = text(uint(8));
    else if (op === PICKLE.STOP && value !== null) return value;
    else throw new Error(`unsupported pickle opcode 0x${op.toString(16)} at ${pos - 1}`);
  }
  throw new Error("pickle has no STOP");
}

/** The JSON text of a test-case cell: itself when it is JSON, else decompressed from base64/zlib/pickle. */
function testCaseJson(cell: string): string {
  const trimmed = cell.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) return trimmed;
  // windowBits 15: zlib-wrapped deflate, as Python's zlib.compress writes it.
  return unpickleString(Bun.inflateSync(Buffer.from(trimmed, "base64"), { windowBits: 15 }));
}

/** Parses one test-case cell (array, JSON string or compressed string); null/"" mean none. */
export function decodeTestCases(cell: unknown, where: string): TestCase[] {
  if (cell === null || cell === undefined || cell === "") return [];
  let value: unknown = cell;
  try {
    if (typeof cell === "string") value = JSON.parse(testCaseJson(cell));
  } catch (error) {
    throw new InputError(`${where}: test cases are neither JSON nor base64/zlib/pickle JSON`, { cause: error });
  }
  const parsed = z.array(TestCaseSchema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(
      `${where}: bad test case at ${issue?.path.join(".") || "top level"}: ${issue?.message ?? "invalid"}`,
      {
        hint: 'each test case is {"input": str, "output": str, "testtype": "stdin" | "functional"}',
      },
    );
  }
  return parsed.data;
}

function funcNameOf(metadata: unknown): string | null {
  let value = metadata;
  if (typeof metadata === "string") {
    try {
      value = JSON.parse(metadata);
    } catch {
      return null; // unreadable metadata is reported below as a missing func_name
    }
  }
  if (value === null || typeof value !== "object") return null;
  const name = (value as Record<string, unknown>).func_name;
  return typeof name === "string" && name !== "" ? name : null;
}

/** All tests of dataset row `index`; a row without tests, or functional tests without func_name, is an InputError. */
export function questionTests(row: Readonly<Record<string, unknown>>, index: number): QuestionTests {
  const tests = TEST_CASE_COLUMNS.flatMap((column) => decodeTestCases(row[column], `dataset row ${index}, ${column}`));
  if (tests.length === 0) {
    throw new InputError(`dataset row ${index} has no test cases`, {
      hint: `code_bench_scorer runs a row's ${TEST_CASE_COLUMNS.join(" and ")} (LiveCodeBench format)`,
    });
  }
  const funcName = funcNameOf(row.metadata);
  if (funcName === null && tests.some((t) => t.testtype === "functional")) {
    throw new InputError(`dataset row ${index} has functional tests but no metadata.func_name`);
  }
  return { tests, funcName };
}
