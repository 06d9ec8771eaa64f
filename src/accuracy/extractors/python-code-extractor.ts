/**
 * @module accuracy/extractors/python-code-extractor — the program in a model's answer (LiveCodeBench).
 *
 * The last ```python fenced block wins; without one, the last plain ``` block, minus a first
 * line that is only a `python`/`py`/`python3` tag (e.g. "```py"). Fences pair in order of
 * appearance, so a block's content never spans two blocks. Inline `code` is ignored, and so is an
 * unclosed fence (a truncated answer). An empty block, or no block, gives null: there is nothing
 * to run, and the code-bench scorer counts that sample as failed.
 */

const PYTHON_BLOCK = /```python[ \t]*\r?\n([\s\S]*?)```/g;
const ANY_BLOCK = /```([\s\S]*?)```/g;
const TAG_LINE = /^[ \t]*(?:python3?|py)[ \t]*(?:\r?\n|$)/i;

function nonEmpty(code: string): string | null {
  const trimmed = code.trim();
  return trimmed === "" ? null : trimmed;
}

/** `python_code_extractor`: the last Python code block, or null. */
export function pythonCodeExtractor(text: string): string | null {
  const python = [...text.matchAll(PYTHON_BLOCK)].at(-1);
  if (python) return nonEmpty(python[1] as string);
  const plain = [...text.matchAll(ANY_BLOCK)].at(-1);
  if (!plain) return null;
  return nonEmpty((plain[1] as string).replace(TAG_LINE, ""));
}
