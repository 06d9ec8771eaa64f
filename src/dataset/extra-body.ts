/**
 * @module dataset/extra-body — `extra_body` (`--extra-body`) merged into a request body, once per row before the run.
 *
 * It only fills: a key the body already has keeps its value. Keys the config sets are refused at
 * validation (config/rules/request-extras), so what it can meet here is a row's own field (`stop`,
 * `tools`, a synthetic row's `min_tokens`), and the row, being the more specific, wins. A mapping
 * both hold (SGLang's `sampling_params`) is filled key by key.
 */

type Body = Record<string, unknown>;

const isMapping = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);

/** `body` with every key of `extra` it lacks (one level into mappings both hold); `body` itself is changed and returned. */
export function mergeExtraBody(body: Body, extra: Readonly<Body> | null | undefined): Body {
  if (!extra) return body;
  for (const [key, value] of Object.entries(extra)) {
    const own = body[key];
    if (own === undefined) body[key] = value;
    else if (isMapping(own) && isMapping(value)) body[key] = { ...value, ...own };
  }
  return body;
}
