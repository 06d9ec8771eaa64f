/**
 * @module config/listen-address — `HOST:PORT` (or a bare `PORT`) for a page we serve, read once for
 * the schema's check and for the server that binds it.
 *
 * A bare port binds loopback only: a run's live state is for the host's own Prometheus unless
 * the user names another address (`0.0.0.0:9400`). IPv6 hosts are written in brackets, as in a URL.
 */

export interface ListenAddress {
  host: string;
  /** 0: the system picks a free port. */
  port: number;
}

const DEFAULT_HOST = "127.0.0.1";
const HOST = /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9][a-zA-Z0-9.-]*)$/;

/** The address `text` names, or the reason it names none. */
export function parseListenAddress(text: string): ListenAddress | { problem: string } {
  const colon = text.lastIndexOf(":");
  const host = colon < 0 ? DEFAULT_HOST : text.slice(0, colon);
  const portText = colon < 0 ? text : text.slice(colon + 1);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535)
    return { problem: `expected HOST:PORT or PORT (0–65535, 0 picks a free one), got '${text}'` };
  if (!HOST.test(host)) return { problem: `'${host}' is not a host name or address (IPv6 in brackets: [::1]:9400)` };
  return { host: host.startsWith("[") ? host.slice(1, -1) : host, port: Number(portText) };
}
