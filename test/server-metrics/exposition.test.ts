/** @module test/server-metrics/exposition.test — the Prometheus text format, line by line, as vLLM, SGLang and Go clients write it. */
import { describe, expect, test } from "bun:test";
import { parseExposition } from "../../src/server-metrics/exposition.ts";

const ACCEPTED: [string, string, { name: string; labels: Record<string, string>; value: number }[]][] = [
  ["a plain sample", "up 1", [{ name: "up", labels: {}, value: 1 }]],
  [
    "a name with colons (vLLM)",
    'vllm:num_requests_running{engine="0",model_name="m"} 3.0',
    [{ name: "vllm:num_requests_running", labels: { engine: "0", model_name: "m" }, value: 3 }],
  ],
  [
    "labels sorted, whatever the page's order",
    'x{b="2",a="1"} 5',
    [{ name: "x", labels: { a: "1", b: "2" }, value: 5 }],
  ],
  [
    "escapes in a label value",
    'x{path="C:\\\\DIR\\\\F",msg="say \\"hi\\"\\n"} 1',
    [{ name: "x", labels: { msg: 'say "hi"\n', path: "C:\\DIR\\F" }, value: 1 }],
  ],
  ["a comma and a brace inside a value", 'x{a="1,}2"} 7', [{ name: "x", labels: { a: "1,}2" }, value: 7 }]],
  ["a trailing comma and spaces", 'x{a="1", } 2', [{ name: "x", labels: { a: "1" }, value: 2 }]],
  ["a timestamp", "x 2 1395066363000", [{ name: "x", labels: {}, value: 2 }]],
  [
    "+Inf, -Inf and exponents",
    "a +Inf\nb -Inf\nc 1.5e-3",
    [
      { name: "a", labels: {}, value: Infinity },
      { name: "b", labels: {}, value: -Infinity },
      { name: "c", labels: {}, value: 0.0015 },
    ],
  ],
  [
    "HELP, TYPE, comments, blank and CRLF lines",
    "# HELP x some help\r\n# TYPE x gauge\r\n\r\n# just a comment\r\nx 4\r\n",
    [{ name: "x", labels: {}, value: 4 }],
  ],
  [
    "an OpenMetrics exemplar",
    'h_bucket{le="0.1"} 8 # {trace_id="abc"} 0.05 1.6e9',
    [{ name: "h_bucket", labels: { le: "0.1" }, value: 8 }],
  ],
  [
    "histogram series of two engines keep their labels",
    'h_bucket{engine="0",le="0.1"} 2\nh_bucket{engine="1",le="0.1"} 5\nh_count{engine="0"} 3\nh_count{engine="1"} 6',
    [
      { name: "h_bucket", labels: { engine: "0", le: "0.1" }, value: 2 },
      { name: "h_bucket", labels: { engine: "1", le: "0.1" }, value: 5 },
      { name: "h_count", labels: { engine: "0" }, value: 3 },
      { name: "h_count", labels: { engine: "1" }, value: 6 },
    ],
  ],
];

const REFUSED: [string, string, string][] = [
  ["an HTML page", "<html><body>Not Found</body></html>", "line 1: no metric name"],
  ["JSON", '{"detail":"Not Found"}', "line 1: no metric name"],
  ["no value", "up", "line 1: '' is not a number"],
  ["a word for a value", "up yes", "line 1: 'yes' is not a number"],
  ["an unclosed label value", 'x{a="1} 2', "line 1: a label value is not closed"],
  ["a label without quotes", "x{a=1} 2", 'line 1: a label must be name="value"'],
  ["too many fields", "x 1 2 3", "line 1: expected a value and at most a timestamp"],
  ["the line of a later error", "# TYPE x gauge\nx 1\nx{ 2", "line 3:"],
];

describe("server-metrics/exposition", () => {
  for (const [what, text, expected] of ACCEPTED) {
    test(`reads ${what}`, () => {
      expect(parseExposition(text).map((s) => ({ ...s, labels: JSON.parse(s.labels) }))).toEqual(expected);
    });
  }
  test("NaN is a value", () => {
    expect(parseExposition("x NaN")[0]?.value).toBeNaN();
  });
  for (const [what, text, message] of REFUSED) {
    test(`refuses ${what}`, () => {
      expect(() => parseExposition(text)).toThrow(message);
    });
  }
});
