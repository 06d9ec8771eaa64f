/**
 * @module test/upstream/eval-command — upstream's tests/unit/commands/test_eval.py against our `eval` command.
 */
import { describe, expect, test } from "bun:test";
import { evalCommand } from "../../src/cli/commands/eval.ts";
import { InputError } from "../../src/errors.ts";
import type { CliIo } from "../../src/cli/command.ts";

const io: CliIo = { stdout: () => {}, stderr: () => {}, isTty: false, verbose: 0 };

describe("upstream test_eval.py", () => {
  test("tests/unit/commands/test_eval.py:27 test_eval_not_implemented (declared difference: eval is implemented here)", async () => {
    // Upstream's `eval http://test.com` raises "not yet implemented"; ours scores predefined datasets, and refuses a
    // positional endpoint and a missing --dataset with one line each, before any request.
    await expect(evalCommand.run(["http://test.com"], io)).rejects.toThrow(/http:\/\/test\.com/);
    await expect(evalCommand.run(["--endpoints", "http://test.com", "--model", "M"], io)).rejects.toBeInstanceOf(
      InputError,
    );
  });
});
