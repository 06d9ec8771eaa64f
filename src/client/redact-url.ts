/** @module client/redact-url — hides user:password in a URL before it is printed or stored. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = "";
    url.password = "";
    return url.toString().replace("://", "://<redacted>@");
  } catch {
    // Not a URL: nothing we can parse, so nothing to redact.
    return raw;
  }
}
