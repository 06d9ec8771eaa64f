/** @module test/accuracy/agentic-inline/bash-actions — bash executables of tool calls and their multiset IoU, as upstream's inline scorer computes them. */
import { describe, expect, test } from "bun:test";
import { bashActions, multisetIou, type ToolCallOut } from "../../../src/accuracy/agentic-inline/bash-actions.ts";

const call = (args: ToolCallOut["function"]["arguments"], name = "bash"): ToolCallOut => ({
  id: "c0",
  type: "function",
  function: { name, arguments: args },
});
const cmd = (command: string): ToolCallOut => call(JSON.stringify({ cmd: command }));

describe("accuracy/agentic-inline/bash-actions", () => {
  // Expected lists were checked against upstream's _bash_actions.
  test.each([
    ["upstream test: the ground truth `python -m pytest`", "python -m pytest", ["python"]],
    ["upstream test: the model's `python test.py`", "python test.py", ["python"]],
    [
      "upstream docstring: an env assignment and an absolute path",
      "CUDA_VISIBLE_DEVICES=0 /usr/bin/python3 -m pytest",
      ["python"],
    ],
    [
      "cd dropped, version removed, quoted path blanked, pipe split",
      'cd /t && CUDA_VISIBLE_DEVICES=0 /usr/bin/python3.11 -m pytest "a b.py" | tail -n 5',
      ["python", "tail"],
    ],
    [
      "wrappers and assignments dropped; timeout is an action, echo is not; wget is curl",
      "sudo env FOO=1 timeout 10 python x.py; echo done; wget u",
      ["timeout", "curl"],
    ],
    ["every separator splits", "ls; cat a | grep x", ["ls", "cat", "grep"]],
    ["separators inside quotes do not split", "grep \"a;b|c\" f && sed 's/x/y;z/' g", ["grep", "sed"]],
    ["an escaped quote stays inside its string", 'echo "say \\"hi; rm\\"" ; rm x', ["rm"]],
    ["a backtick substitution is blanked", "`which python`; make", ["make"]],
    ["an unclosed quote blanks nothing", "echo 'unclosed; ls", ["ls"]],
    ["a wrapper given by path is not a wrapper", "/usr/bin/sudo make", []],
    ["wrappers are case-sensitive", "SUDO make", []],
    ["a wrapper's option ends the search", "nice -n 5 make", []],
    ["wrappers chain", "time exec command nice make", ["make"]],
    ["assignments around a wrapper", "x=1 y=2 env z=3 git status", ["git"]],
    ["a stage of only assignments", "A=1 B=2", []],
    ["a digit cannot start a variable name", "1X=2 make", []],
    ["only the last .N.N is removed", "python3.11.2.1 x", []],
    ["the version strip applies to any name", "tail.2.3 f", ["tail"]],
    ["the basename is lower-cased", "MAKE; Python3 x", ["make", "python"]],
    ["`.` is source", ". venv/bin/activate && source x", ["source", "source"]],
    ["a single & does not split", "cd /x & ls", []],
    ["\\r is whitespace, not a separator", "ls\r\nwc -l", ["ls", "wc"]],
    ["U+0085 is Python whitespace", "make\u0085test", ["make"]],
    ["names off the table, even object-prototype ones, are dropped", "constructor; __proto__; echo x", []],
    ["grep aliases", "egrep a||rg b||ag c||fgrep d", ["grep", "grep", "grep", "grep"]],
    [
      "other aliases",
      "apt-get i; yum y; gawk 1; locate f; less f; more g; pip3 i; py x",
      ["apt", "yum", "awk", "find", "cat", "cat", "pip", "python"],
    ],
    [
      "tool names",
      "sphinx-build a; sphinx-quickstart; cython x; conda y; pylint z; pytest",
      ["sphinx", "sphinx", "cython", "conda", "pylint", "pytest"],
    ],
  ] as const)("%s", (_title, command, actions) => {
    expect(bashActions([cmd(command)])).toEqual([...actions]);
  });

  test.each([
    ["a `command` key", [call(JSON.stringify({ command: "ls" }))], ["ls"]],
    ["arguments already an object", [call({ command: "ls" })], ["ls"]],
    ["an empty `command` falls back to `cmd`", [call(JSON.stringify({ command: "", cmd: "ls" }))], ["ls"]],
    ["a zero `command` falls back to `cmd`", [call(JSON.stringify({ command: 0, cmd: "ls" }))], ["ls"]],
    ["a non-empty non-string `command` hides `cmd`", [call(JSON.stringify({ command: ["x"], cmd: "ls" }))], []],
    ["arguments that are not JSON", [call("ls -la")], []],
    ["arguments that are a JSON array", [call(JSON.stringify(["ls"]))], []],
    [
      "a function not named exactly bash",
      [call(JSON.stringify({ cmd: "ls" }), "Bash"), call(JSON.stringify({ cmd: "ls" }), "python")],
      [],
    ],
    [
      "several calls, in call order",
      [cmd("git diff"), call(JSON.stringify({ cmd: "x" }), "edit"), cmd("python t.py | head")],
      ["git", "python", "head"],
    ],
    ["no calls", [], []],
  ] as const)("%s", (_title, calls, actions) => {
    expect(bashActions(calls)).toEqual([...actions]);
  });

  test.each([
    ["equal lists", ["python"], ["python"], 1],
    ["counts matter", ["ls", "ls", "cat"], ["ls"], 1 / 3],
    ["disjoint lists", ["ls", "cat"], ["grep"], 0],
    ["min over max per item", ["a", "a", "b"], ["a", "b", "b"], 2 / 4],
    ["an empty answer", ["python"], [], 0],
    ["two empty lists (never scored)", [], [], 0],
  ] as const)("multiset IoU: %s", (_title, a, b, iou) => {
    expect(multisetIou(a, b)).toBeCloseTo(iou, 12);
    expect(multisetIou(b, a)).toBeCloseTo(iou, 12);
  });
});
