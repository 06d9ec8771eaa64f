/**
 * @module server/canned-answers — `serve --answers FILE.jsonl`: fixed responses for known prompts.
 *
 * Each line is `{"prompt": "...", "response": "..."}`; a request whose last user message (or
 * completions prompt) equals a prompt gets that response — paced like any other in model mode —
 * so accuracy scoring can be tested end to end with known right and wrong answers. Other prompts
 * are answered as the mode says.
 */
import { readFileSync } from "node:fs";
import { InputError } from "../errors.ts";

type CannedAnswers = ReadonlyMap<string, string>;

export function loadCannedAnswers(path: string): CannedAnswers {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`--answers: cannot read ${path}: ${(error as Error).message}`);
  }
  const answers = new Map<string, string>();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw new InputError(`${path}:${i + 1}: invalid JSON: ${(error as Error).message}`);
    }
    const { prompt, response } = (row ?? {}) as { prompt?: unknown; response?: unknown };
    if (typeof prompt !== "string" || typeof response !== "string") {
      throw new InputError(`${path}:${i + 1}: expected {"prompt": string, "response": string}`);
    }
    answers.set(prompt, response);
  });
  return answers;
}

/** The answer as tokens: each whitespace-led word keeps its leading whitespace (newlines included). */
export function answerTokens(response: string): string[] {
  return response.match(/\s*\S+/g) ?? [];
}
