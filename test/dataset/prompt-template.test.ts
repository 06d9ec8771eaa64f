/** @module test/dataset/prompt-template — `{column}` templates, brace escapes and their errors. */
import { describe, expect, test } from "bun:test";
import { applyPromptTemplate, parseTemplate } from "../../src/dataset/prompt-template.ts";
import { InputError } from "../../src/errors.ts";

const locate = (index: number) => `d.jsonl:${index + 1}`;

describe("dataset/prompt-template", () => {
  test.each([
    ["Summarize: {article}", [{ text: "Summarize: " }, { column: "article" }]],
    ["{a}{b}", [{ column: "a" }, { column: "b" }]],
    ["{{literal}} {x}", [{ text: "{literal} " }, { column: "x" }]],
    ['json: {{"k": {v}}}', [{ text: 'json: {"k": ' }, { column: "v" }, { text: "}" }]],
    ["no placeholders", [{ text: "no placeholders" }]],
    ["{col with spaces}", [{ column: "col with spaces" }]],
  ])("parses %p", (template, parts) => {
    expect(parseTemplate(template)).toEqual(parts);
  });

  test.each([
    ["Q: {a", /unmatched '\{' at position 4/],
    ["Q: a}", /unmatched '\}' at position 5/],
    ["Q: {}", /empty placeholder \{\} at position 4/],
    ["{a{b}}", /unmatched '\{' at position 1/],
  ])("rejects %p", (template, message) => {
    expect(() => parseTemplate(template, "d.jsonl")).toThrow(message);
    expect(() => parseTemplate(template, "d.jsonl")).toThrow(/^d\.jsonl: template /);
  });

  test("fills every row, keeps other columns and formats non-string values", () => {
    const rows = [
      { q: "Why?", n: 3, tags: ["a", "b"], ok: true },
      { q: "How?", n: 0.5, tags: [], ok: false },
    ];
    expect(
      applyPromptTemplate(rows, ["q", "n", "tags", "ok"], "{q} ({n}) {tags} {ok} {{done}}", locate, "d.jsonl"),
    ).toEqual([
      { q: "Why?", n: 3, tags: ["a", "b"], ok: true, prompt: 'Why? (3) ["a","b"] true {done}' },
      { q: "How?", n: 0.5, tags: [], ok: false, prompt: "How? (0.5) [] false {done}" },
    ]);
  });

  test("replaces an existing prompt column", () => {
    expect(applyPromptTemplate([{ prompt: "x" }], ["prompt"], "Answer: {prompt}", locate, "d")).toEqual([
      { prompt: "Answer: x" },
    ]);
  });

  test.each([
    { rows: [{ a: "x" }], template: "{b}", message: /^d\.jsonl: template '\{b\}': column 'b' not found; columns: a$/ },
    { rows: [{ a: "x" }, { b: "y" }], template: "{a}", message: /^d\.jsonl:2: template column 'a' is missing$/ },
    { rows: [{ a: "x" }, { a: null }], template: "{a}", message: /^d\.jsonl:2: template column 'a' is null$/ },
  ])("rejects $template over rows $rows", ({ rows, template, message }) => {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const run = () => applyPromptTemplate(rows, columns, template, locate, "d.jsonl");
    expect(run).toThrow(InputError);
    expect(run).toThrow(message);
  });
});
