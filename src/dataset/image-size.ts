/**
 * @module dataset/image-size — the random dataset's `image_size=WxH`, read and bounded.
 *
 * Apart from the encoders (dataset/synthetic-images) so that validating a config does not load them.
 */
import { InputError } from "../errors.ts";

/** Sides outside this range are refused: below it the stamp does not fit; above, one image is 200 MB of pixels. */
const MIN_SIDE = 16;
const MAX_SIDE = 8192;
/** `WxH` (e.g. `256x256`) as numbers; throws InputError naming the option. */
export function parseImageSize(text: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/i.exec(text.trim());
  const [width, height] = match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
  if (!(width >= MIN_SIDE && width <= MAX_SIDE && height >= MIN_SIDE && height <= MAX_SIDE))
    throw new InputError(`image_size=${text}: expected WIDTHxHEIGHT, each ${MIN_SIDE}–${MAX_SIDE} pixels`, {
      hint: "e.g. image_size=256x256",
    });
  return { width, height };
}
