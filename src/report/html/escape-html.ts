/**
 * @module report/html/escape-html — makes any string from the data safe inside HTML text and attribute values.
 *
 * Error messages come from servers and run_config values from users, so every string that was not
 * written by us goes through `escapeHtml` before it reaches report.html. Escaping `"` and `'` too
 * makes the same function safe in quoted attributes (OWASP XSS prevention rule #1 and #2).
 */
import { toExactJson } from "../../config/exact-json.ts";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` with & < > " ' replaced by entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** Any value as escaped text: strings bare, objects and arrays as compact JSON, null/undefined as "null". */
export function escapeValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "object") return escapeHtml(toExactJson(value));
  return escapeHtml(String(value));
}
