/**
 * @module test/accuracy/lcb-fixture — LiveCodeBench-shaped rows and programs for the code-bench tests.
 *
 * Row 0 (`add`) has stdin tests: public ones as a JSON string, private ones compressed the way the
 * published dataset stores them (base64(zlib(pickle(json)))), made with Python's pickle.
 * Row 1 (`two_sum`) has functional tests calling `Solution().twoSum`.
 */

/** base64(zlib(pickle.dumps(json.dumps([{10 20 → 30}, {-5 5 → 0}])))) from CPython 3.11. */
export const COMPRESSED_PRIVATE_TESTS =
  "eJxrYJlawwABPRXR1UqZeQWlJUpWCkqGBgpGBjF5SjoKSvmlJVBBY6hISWpxSUllQSpIrLgkJTNPqVZHAUmzrqmCKbpe3Fpjp+gBAOaSJys=";

export const ADD_ROW = {
  question_id: "add",
  question_content: "Read two integers and print their sum.",
  public_test_cases: JSON.stringify([{ input: "1 2\n", output: "3\n", testtype: "stdin" }]),
  private_test_cases: COMPRESSED_PRIVATE_TESTS,
  metadata: "{}",
};

export const TWO_SUM_ROW = {
  question_id: "two_sum",
  question_content: "Indices of the two numbers adding up to target.",
  public_test_cases: [{ input: "[2, 7, 11, 15]\n9", output: "[0, 1]", testtype: "functional" }],
  private_test_cases: JSON.stringify([{ input: "[3, 2, 4]\n6", output: "[1, 2]", testtype: "functional" }]),
  metadata: JSON.stringify({ func_name: "twoSum" }),
};

export const LCB_ROWS: Record<string, unknown>[] = [ADD_ROW, TWO_SUM_ROW];

export const PROGRAMS = {
  addRight: "a, b = map(int, input().split())\nprint(a + b)",
  addWrong: "a, b = map(int, input().split())\nprint(a - b)",
  addOpenZero: "data = open(0).read().split()\nprint(int(data[0]) + int(data[1]))",
  addBuffer:
    "import sys\na, b = map(int, sys.stdin.buffer.readline().split())\nsys.stdout.buffer.write(b'%d  \\n\\n' % (a + b))",
  addThread: [
    "import sys, threading",
    "def main():",
    "    a, b = map(int, sys.stdin.readline().split())",
    "    print(a + b)",
    "threading.stack_size(1 << 25)",
    "threading.Thread(target=main).start()",
  ].join("\n"),
  addMainGuard: "def main():\n    print(sum(map(int, input().split())))\n\nif __name__ == '__main__':\n    main()",
  infiniteLoop: "while True:\n    pass",
  stubbornLoop: "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass",
  syntaxError: "def broken(:\n    pass",
  raises: "raise ValueError('boom')",
  exitNonZero: "import sys\nsys.exit(3)",
  memoryHog: "x = bytearray(8 * 1024 ** 3)\nprint(len(x))",
  twoSumRight: [
    "class Solution:",
    "    def twoSum(self, nums: List[int], target: int) -> List[int]:",
    "        seen = {}",
    "        for i, n in enumerate(nums):",
    "            if target - n in seen:",
    "                return (seen[target - n], i)",
    "            seen[n] = i",
  ].join("\n"),
  twoSumWrong: "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 0]",
  noSolutionClass: "def twoSum(nums, target):\n    return [0, 1]",
} as const;

/** A model answer wrapping `code` in a fenced python block. */
export function fenced(code: string): string {
  return `Here is my solution.\n\n\`\`\`python\n${code}\n\`\`\`\n`;
}
