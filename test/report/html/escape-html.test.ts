/** @module test/report/html/escape-html.test — untrusted strings become inert HTML text. */
import { describe, expect, test } from "bun:test";
import { escapeHtml, escapeValue } from "../../../src/report/html/escape-html.ts";

describe("report/html/escape-html", () => {
  test.each([
    ["plain text", "plain text"],
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`a & b "c" 'd'`, "a &amp; b &quot;c&quot; &#39;d&#39;"],
    ["&amp; already", "&amp;amp; already"],
    ["line\nbreak ünïcode", "line\nbreak ünïcode"],
    ["", ""],
  ])("escapes %p", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  test.each([
    [null, "null"],
    [undefined, "null"],
    [42, "42"],
    [true, "true"],
    ["<b>", "&lt;b&gt;"],
    [{ a: "<x>" }, "{&quot;a&quot;:&quot;&lt;x&gt;&quot;}"],
    [[1, "2"], "[1,&quot;2&quot;]"],
  ])("renders the value %p as escaped text", (input, expected) => {
    expect(escapeValue(input)).toBe(expected);
  });
});
