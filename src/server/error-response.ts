/** @module server/error-response — HTTP errors in OpenAI's shape: `{error: {message, type, param, code}}`. */

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  404: "invalid_request_error",
  405: "invalid_request_error",
  500: "server_error",
};

/** A JSON error response, e.g. `errorResponse(404, "Invalid URL (GET /v2)")`. */
export function errorResponse(status: number, message: string): Response {
  const error = { message, type: ERROR_TYPES[status] ?? "server_error", param: null, code: status };
  return Response.json({ error }, { status });
}

/**
 * vLLM's answer to a request naming a model it does not serve (404, before any streaming); null
 * when the model is served, or when no names were given (then any model is answered).
 */
export function modelNotFoundResponse(model: string | null, served: ReadonlySet<string> | null): Response | null {
  if (served === null || model === null || served.has(model)) return null;
  const error = { message: `The model \`${model}\` does not exist.`, type: "NotFoundError", param: "model", code: 404 };
  return Response.json({ error }, { status: 404 });
}

/**
 * Fallback for requests no route took: 405 on a served path with the wrong method, else 404 with
 * the message OpenAI gives for a path it does not serve.
 */
export function unknownRouteResponse(request: Request, servedPaths: ReadonlySet<string>): Response {
  const path = new URL(request.url).pathname;
  if (servedPaths.has(path)) return errorResponse(405, `Method ${request.method} not allowed on ${path}`);
  return errorResponse(404, `Invalid URL (${request.method} ${path})`);
}
