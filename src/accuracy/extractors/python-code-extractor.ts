/**
 * @module accuracy/extractors/python-code-extractor — the program in a model's answer (LiveCodeBench).
 *
 * Upstream's `PythonCodeExtractor` (after gpt-oss's `parse_code`): in the stripped text, the last
 * block opened by ```python wins, stripped (the fence text right after "python" is kept: "```python3"
 * gives a program starting "3"); without one, the last plain ``` block, stripped, minus a leading
 * language tag — "python" or "py" in any case, then blanks up to a line break ("```\npy\nx = 1```"
 * gives "x = 1"). Fences pair in order of appearance, so a block never spans two; inline `code`
 * and an unclosed fence are ignored. No block, or no text (empty, blank, null or not a string),
 * gives null, upstream's None; an empty block gives "", as upstream (its tests then fail).
 */
import { pyStrip } from "../python-space.ts";
import { caseless, PY_S } from "./python-re.ts";

const PYTHON_BLOCK = /```python([\s\S]*?)```/g;
const ANY_BLOCK = /```([\s\S]*?)```/g;
/** `re.sub(r"^(?:python|py)\s*\n", "", code, flags=re.IGNORECASE)`: one tag at the start. */
const TAG_LINE = new RegExp(`^(?:${caseless("python")}|${caseless("py")})${PY_S}*\\n`, "u");

/** `python_code_extractor`: the last Python code block, or null. */
export function pythonCodeExtractor(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const stripped = pyStrip(text);
  if (stripped === "") return null;
  const python = [...stripped.matchAll(PYTHON_BLOCK)].at(-1);
  if (python) return pyStrip(python[1] as string);
  const plain = [...stripped.matchAll(ANY_BLOCK)].at(-1);
  return plain ? pyStrip(plain[1] as string).replace(TAG_LINE, "") : null;
}
