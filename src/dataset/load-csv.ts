/**
 * @module dataset/load-csv — reads a `.csv` dataset with papaparse (RFC 4180: quoted fields,
 * doubled quotes, line breaks inside quotes, LF or CRLF line ends).
 *
 * The first row is the header and names the columns. Choices that are ours:
 * - Values stay strings (no type guessing; an empty field is ""), so a prompt such as "1" or
 *   "true" is sent as written.
 * - A row whose field count differs from the header's is an error naming its line (pandas
 *   pads short rows with NaN; a silently shifted prompt is worse than a clear error).
 * - An empty header cell becomes `Unnamed: <index>` (what pandas calls the index column of
 *   `df.to_csv()`); a repeated header name is an error.
 * Line numbers are worked out only when an error or a row location needs them.
 */
import Papa from "papaparse";
import { InputError } from "../errors.ts";
import type { DatasetRow, FileRows } from "./file-rows.ts";
import { emptyDatasetError, readDatasetText } from "./read-file.ts";

const PARSE_OPTIONS = { delimiter: ",", skipEmptyLines: true } as const;

/** 1-based line of character `index`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

/** The line each parsed row (header included) starts on, from a second, row-by-row parse. */
function rowStartLines(text: string): number[] {
  const lines: number[] = [];
  let cursor = 0;
  let scanned = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    ...PARSE_OPTIONS,
    step: (result) => {
      let start = cursor;
      while (text[start] === "\n" || text[start] === "\r") start++;
      for (; scanned < start; scanned++) if (text.charCodeAt(scanned) === 10) line++;
      lines.push(line);
      cursor = result.meta.cursor;
    },
  });
  return lines;
}

function headerNames(path: string, header: string[]): string[] {
  const names = header.map((name, index) => (name === "" ? `Unnamed: ${index}` : name));
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      throw new InputError(`${path}:1: column '${name}' appears twice in the header`, {
        hint: "give every column of the header row a distinct name",
      });
    }
    seen.add(name);
  }
  return names;
}

/** Reads `path` as CSV with a header row; every value is a string. Throws InputError/SetupError. */
export function readCsvRows(path: string): FileRows {
  const text = readDatasetText(path);
  const parsed = Papa.parse<string[]>(text, PARSE_OPTIONS);
  let lines: number[] | undefined;
  const lineOf = (parsedRow: number): number => (lines ??= rowStartLines(text))[parsedRow] ?? parsedRow + 1;
  const quoteError = parsed.errors.find((error) => error.type === "Quotes");
  if (quoteError) {
    const line = quoteError.index === undefined ? lineOf(quoteError.row ?? 0) : lineAt(text, quoteError.index);
    throw new InputError(`${path}:${line}: ${quoteError.message.toLowerCase()}`, {
      hint: 'close every quoted field, and double quotes inside one ("say ""hi""")',
    });
  }
  const [header, ...records] = parsed.data;
  if (header === undefined)
    throw emptyDatasetError(path, "the file is empty; a CSV dataset needs a header row naming the columns");
  const names = headerNames(path, header);
  if (records.length === 0) throw emptyDatasetError(path, "the file has a header row but no data rows");
  const rows: DatasetRow[] = new Array(records.length);
  for (let i = 0; i < records.length; i++) {
    const fields = records[i] as string[];
    if (fields.length !== names.length) {
      throw new InputError(
        `${path}:${lineOf(i + 1)}: row has ${fields.length} fields, the header has ${names.length}`,
        {
          hint: 'quote fields that contain commas or line breaks ("a, b"); every row needs one value per header column',
        },
      );
    }
    const row: DatasetRow = {};
    for (let j = 0; j < names.length; j++) row[names[j] as string] = fields[j];
    rows[i] = row;
  }
  return { rows, locate: (index) => `${path}:${lineOf(index + 1)}` };
}
