/**
 * @module test/e2e/raw-ttft-probe — this host's floor for client-minus-server TTFT: a raw TCP
 * client with no HTTP library, timing its write and the first token's bytes on the shared clock.
 *
 * Run as `bun raw-ttft-probe.ts URL N`: sends N streaming completions (`/v1/completions`, so the
 * server's observations tell them from a chat run's) one after another on one keep-alive socket and prints one JSON line, `{"ttftNs": [...]}`. Whatever this client sees above
 * the server's own TTFT is the kernel's and the VM's (wakeups, loopback), which any client pays.
 */
import { hostMonotonicNs } from "../../src/clock/mono-clock.ts";

const FIRST_TOKEN = '"text":"tok';

async function probe(url: string, count: number): Promise<number[]> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ model: "m", prompt: "probe", stream: true, max_tokens: 2 });
  const request =
    `POST /v1/completions HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  let onData: (text: string, atNs: bigint) => void = () => undefined;
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: { data: (_socket, bytes) => onData(bytes.toString(), hostMonotonicNs()) },
  });
  const ttftNs: number[] = [];
  for (let i = 0; i < count; i++) {
    let seen = "";
    let firstTokenNs: bigint | null = null;
    const ended = new Promise<void>((resolve) => {
      onData = (text, atNs) => {
        seen += text;
        if (firstTokenNs === null && seen.includes(FIRST_TOKEN)) firstTokenNs = atNs;
        if (seen.includes("\r\n0\r\n\r\n")) resolve();
      };
    });
    const sentNs = hostMonotonicNs();
    socket.write(request);
    await ended;
    ttftNs.push(Number((firstTokenNs ?? sentNs) - sentNs));
    await Bun.sleep(10);
  }
  socket.end();
  return ttftNs;
}

const [url, count] = process.argv.slice(2) as [string, string];
console.log(JSON.stringify({ ttftNs: await probe(url, Number(count)) }));
