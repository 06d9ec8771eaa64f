/**
 * @module scripts/bench/synthetic-images — how long the random dataset's images take to make, and how large they are:
 * `bun scripts/bench/synthetic-images.ts [COUNT] [WxH]` (default 1000 of 256x256), PNG then JPEG, wall and CPU time.
 */
import { parseImageSize } from "../../src/dataset/image-size.ts";
import { syntheticImageParts } from "../../src/dataset/synthetic-images.ts";

const count = Number(process.argv[2] ?? 1000);
const size = parseImageSize(process.argv[3] ?? "256x256");
for (const format of ["png", "jpeg"] as const) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const rows = syntheticImageParts(count, { perRow: 1, ...size, format }, 42);
  const used = process.cpuUsage(cpu);
  const urlBytes = rows.reduce((sum, [part]) => sum + ((part?.image_url as { url: string }).url.length ?? 0), 0);
  console.log(
    `${format}: ${count} images of ${size.width}x${size.height} in ${(performance.now() - start).toFixed(0)} ms ` +
      `(CPU ${((used.user + used.system) / 1000).toFixed(0)} ms); data URL ${(urlBytes / count / 1024).toFixed(1)} KiB each; ` +
      `RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
  );
}
