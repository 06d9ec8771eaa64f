/**
 * @module scripts/bench/lib/floor-sink — the second process of the IPC floor (lib/floor-ipc): frames in, events.db rows out.
 *
 * Connects to the client's unix socket, decodes each length-prefixed msgpackr frame and writes
 * its rows with lib/least-client `FloorRows` (one transaction per frame, as main does). Commits
 * and exits when the client ends the socket.
 * Usage (started by floor-ipc): `bun floor-sink.ts SOCKET EVENTS_DB streamed|plain`.
 */
import { Unpackr } from "msgpackr/unpack";
import type { FloorFrame } from "./floor-ipc.ts";
import { FloorRows } from "./least-client.ts";

const [socketPath, eventsDb, kind] = process.argv.slice(2);
if (!socketPath || !eventsDb || (kind !== "streamed" && kind !== "plain")) {
  console.error("usage: bun scripts/bench/lib/floor-sink.ts SOCKET EVENTS_DB streamed|plain");
  process.exit(2);
}

const HEADER_BYTES = 4;
const unpackr = new Unpackr({ useRecords: false, moreTypes: true });
const rows = new FloorRows(eventsDb, kind === "streamed");
let buffer = new Uint8Array(1 << 16);
let length = 0;

function writeRows(frame: FloorFrame): void {
  let read = 0;
  for (let i = 0; i < frame.planIndex.length; i++) {
    const count = frame.readCount[i] as number;
    rows.add(frame.planIndex[i] as number, 0, frame.sentNs[i] as number, Array.from(frame.readNs.subarray(read, read + count)));
    read += count;
  }
  rows.flush();
}

function take(bytes: Uint8Array): void {
  if (length + bytes.length > buffer.length) {
    const grown = new Uint8Array(Math.max(buffer.length * 2, length + bytes.length));
    grown.set(buffer.subarray(0, length));
    buffer = grown;
  }
  buffer.set(bytes, length);
  length += bytes.length;
  let at = 0;
  while (length - at >= HEADER_BYTES) {
    const size = new DataView(buffer.buffer, at, HEADER_BYTES).getUint32(0, true);
    if (length - at - HEADER_BYTES < size) break;
    writeRows(unpackr.unpack(buffer.subarray(at + HEADER_BYTES, at + HEADER_BYTES + size)) as FloorFrame);
    at += HEADER_BYTES + size;
  }
  buffer.copyWithin(0, at, length);
  length -= at;
}

await Bun.connect({
  unix: socketPath,
  socket: {
    data: (_socket, bytes) => take(bytes),
    close: () => {
      rows.close();
      process.exit(0);
    },
  },
});
