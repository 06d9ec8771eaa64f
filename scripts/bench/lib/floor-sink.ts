/**
 * @module scripts/bench/lib/floor-sink — the second process of the IPC floor (lib/floor-ipc): frames in, events.db rows out.
 *
 * Connects to the client's unix socket, decodes each frame (ipc/socket-channel, as main does)
 * and writes its rows with lib/least-client `FloorRows` (one transaction per frame, as main
 * does). Commits and exits when the client ends the socket.
 * Usage (started by floor-ipc): `bun floor-sink.ts SOCKET EVENTS_DB streamed|plain`.
 */
import { SocketChannel } from "../../../src/ipc/socket-channel.ts";
import type { FloorFrame } from "./floor-ipc.ts";
import { FloorRows } from "./least-client.ts";

const [socketPath, eventsDb, kind] = process.argv.slice(2);
if (!socketPath || !eventsDb || (kind !== "streamed" && kind !== "plain")) {
  console.error("usage: bun scripts/bench/lib/floor-sink.ts SOCKET EVENTS_DB streamed|plain");
  process.exit(2);
}

const rows = new FloorRows(eventsDb, kind === "streamed");

function writeRows(frame: FloorFrame): void {
  let read = 0;
  for (let i = 0; i < frame.planIndex.length; i++) {
    const count = frame.readCount[i] as number;
    rows.add(
      frame.planIndex[i] as number,
      0,
      frame.sentNs[i] as number,
      Array.from(frame.readNs.subarray(read, read + count)),
    );
    read += count;
  }
  rows.flush();
}

await Bun.connect<{ channel: SocketChannel }>({
  unix: socketPath,
  socket: {
    open: (socket) => {
      socket.data = { channel: new SocketChannel(socket, (frame) => writeRows(frame as FloorFrame)) };
    },
    data: (socket, bytes) => socket.data.channel.receive(bytes),
    close: () => {
      rows.close();
      process.exit(0);
    },
  },
});
