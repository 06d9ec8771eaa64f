/**
 * @module dataset/prompt-template — `template=Summarize: {article}` (ours): builds each row's
 * `prompt` from its columns, like upstream's `UserPromptFormatter` (Python `str.format(**row)`)
 * but limited to plain `{column}` placeholders; `{{` and `}}` stand for literal braces.
 *
 * The template is checked against the dataset's columns once, before any row is formatted, so
 * a typo fails with the list of columns. Values are inserted as text: strings as they are,
 * numbers and booleans via String(), lists and objects as JSON. A missing or null value is an
 * error naming the row: an empty hole in a prompt would skew a benchmark silently.
 *
 * On the command line `--dataset` options are split on commas, so a template given there
 * cannot contain a comma; put such templates in the YAML config (`template:`).
 */
import { InputError } from "../errors.ts";
import type { DatasetRow, RowLocator } from "./file-rows.ts";

/** Literal text and placeholders, in order. */
type TemplatePart = { text: string } | { column: string };

function templateError(template: string, detail: string, where: string): InputError {
  return new InputError(`${where}template '${template}': ${detail}`, {
    hint: "write placeholders as {column}; use {{ and }} for literal braces",
  });
}

/**
 * Splits a template into text and `{column}` parts. Throws InputError for unbalanced braces;
 * `label` (the dataset path) starts the message when given.
 */
export function parseTemplate(template: string, label = ""): TemplatePart[] {
  const where = label === "" ? "" : `${label}: `;
  const parts: TemplatePart[] = [];
  let text = "";
  for (let at = 0; at < template.length; at++) {
    const char = template[at];
    const next = template[at + 1];
    if ((char === "{" && next === "{") || (char === "}" && next === "}")) {
      text += char;
      at++;
    } else if (char === "}") {
      throw templateError(template, `unmatched '}' at position ${at + 1}`, where);
    } else if (char === "{") {
      const close = template.indexOf("}", at + 1);
      const inner = close === -1 ? "" : template.slice(at + 1, close);
      if (close === -1 || inner.includes("{"))
        throw templateError(template, `unmatched '{' at position ${at + 1}`, where);
      if (inner.trim() === "") throw templateError(template, `empty placeholder {} at position ${at + 1}`, where);
      if (text !== "") parts.push({ text });
      text = "";
      parts.push({ column: inner });
      at = close;
    } else {
      text += char;
    }
  }
  if (text !== "") parts.push({ text });
  return parts;
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Returns new rows with `prompt` set from `template` (other columns kept). Throws InputError
 * for a placeholder that names no column, or a row where that column is missing or null;
 * `label` (the dataset path) names the dataset in messages.
 */
export function applyPromptTemplate(
  rows: readonly DatasetRow[],
  columns: readonly string[],
  template: string,
  locate: RowLocator,
  label: string,
): DatasetRow[] {
  const parts = parseTemplate(template, label);
  for (const part of parts) {
    if ("column" in part && !columns.includes(part.column)) {
      throw new InputError(
        `${label}: template '${template}': column '${part.column}' not found; columns: ${columns.join(", ")}`,
        {
          hint: `use one of the columns in braces, e.g. {${columns[0] ?? "column"}}`,
        },
      );
    }
  }
  return rows.map((row, index) => {
    let prompt = "";
    for (const part of parts) {
      if ("text" in part) prompt += part.text;
      else {
        const value = row[part.column];
        if (value === undefined || value === null) {
          throw new InputError(
            `${locate(index)}: template column '${part.column}' is ${value === null ? "null" : "missing"}`,
            {
              hint: "every row needs a value in each column the template uses; filter such rows out first",
            },
          );
        }
        prompt += asText(value);
      }
    }
    return { ...row, prompt };
  });
}
