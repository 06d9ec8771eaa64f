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
 * Fallback for requests no route took: 405 on a served path with the wrong method, else 404 with
 * the message OpenAI gives for a path it does not serve.
 */
export function unknownRouteResponse(request: Request, servedPaths: ReadonlySet<string>): Response {
  const path = new URL(request.url).pathname;
  if (servedPaths.has(path)) return errorResponse(405, `Method ${request.method} not allowed on ${path}`);
  return errorResponse(404, `Invalid URL (${request.method} ${path})`);
}
