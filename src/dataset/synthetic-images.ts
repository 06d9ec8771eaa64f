/**
 * @module dataset/synthetic-images — the random dataset's images (`images=N,image_size=WxH,
 * image_format=png|jpeg`): N distinct pictures per row as chat's `image_url` parts with data URLs,
 * drawn and encoded once, before the run.
 *
 * Seeded by the dataloader seed on a stream of their own (the prompts stay what they are without
 * images), so two runs with one seed send the same images — a server that keeps an image cache
 * between runs serves the second from it: change the seed between such runs. One pixel buffer
 * serves every picture, and only each image's base64 text is kept.
 */
import { offsetSeed, PythonRandom, type PythonSeed } from "../rng/python-random.ts";
import { encodeJpeg } from "./image/jpeg.ts";
import { encodePng } from "./image/png.ts";
import { drawSyntheticPicture } from "./image/synthetic-picture.ts";
import { imagePart } from "./media-parts.ts";

type ImageFormat = "png" | "jpeg";

interface SyntheticImages {
  perRow: number;
  width: number;
  height: number;
  format: ImageFormat;
}

/** The images' seed stream, apart from the prompts' (the dataloader seed itself). */
const IMAGE_SEED_OFFSET = 11;
const JPEG_QUALITY = 90;

/** Each row's image parts, in row order: `rows` × `spec.perRow` distinct pictures. */
export function syntheticImageParts(
  rows: number,
  spec: SyntheticImages,
  seed: PythonSeed,
): Record<string, unknown>[][] {
  const rng = new PythonRandom(offsetSeed(seed, IMAGE_SEED_OFFSET));
  const rgb = new Uint8Array(spec.width * spec.height * 3);
  const mime = spec.format === "png" ? "image/png" : "image/jpeg";
  let ordinal = 0;
  return Array.from({ length: rows }, () =>
    Array.from({ length: spec.perRow }, () => {
      drawSyntheticPicture(rgb, spec.width, spec.height, rng, ordinal++);
      const file =
        spec.format === "png"
          ? encodePng(rgb, spec.width, spec.height)
          : encodeJpeg(rgb, spec.width, spec.height, JPEG_QUALITY);
      return imagePart(
        `data:${mime};base64,${Buffer.from(file.buffer, file.byteOffset, file.length).toString("base64")}`,
      );
    }),
  );
}
