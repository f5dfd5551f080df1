import { API_ERRORS } from '@chaupal/contract';
import { variantName, variantWidths } from '@chaupal/contract/images';
import sharp from 'sharp';
import { AppError } from './errors';
import { Gate } from './gate';

export type TImageFormat = 'jpeg' | 'png' | 'webp';

/** The longer side of a stored image: wide screens get it where the WebP variants (at most 1280 px) fall short. */
const MAX_SIDE = 2000;
/**
 * The most pixels an upload may decode to: a 50-megapixel phone photo (8160 × 6120 is 49.9 MP) passes, a
 * decompression bomb (a few KB that would decode to 120 megapixels and more) does not.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** An image whose header says it holds more than MAX_INPUT_PIXELS; refused before it is decoded. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} × ${height} pixels is more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
}

// Every upload is a new image: libvips' operation cache would only hold memory, and one thread per image keeps the
// queue below the bound of what is decoded at once.
sharp.cache(false);
sharp.concurrency(1);

/** Images decoded at once, server-wide (a 50 MP image is ~150 MB decoded); the rest wait their turn. */
export const IMAGE_SLOTS = 2;
export const imageQueue = new Gate(IMAGE_SLOTS, 64, () => new AppError('UNAVAILABLE', API_ERRORS.busy), 60_000);

/** An image re-encoded for storage, with the size it came out at. */
export interface TEncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image in its own format family: turned upright by its EXIF orientation, scaled down to
 * MAX_SIDE, and stripped of every piece of metadata (EXIF with GPS, XMP, IPTC), which sharp drops unless told to keep
 * it. Throws ImageTooLargeError for more than MAX_INPUT_PIXELS (read from the header, nothing decoded), and another
 * error when sharp cannot decode the bytes.
 */
export async function reencodeImage(bytes: Buffer, format: TImageFormat): Promise<TEncodedImage> {
  return imageQueue.run(async () => {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg' ? image.jpeg({ quality: 82 }) : format === 'png' ? image.png() : image.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  });
}

export { variantName, variantWidths };

/**
 * The folder of an image's files (decision 008): `<content hash>-<width>x<height>`, so a page can tell from an image
 * URL which WebP variants (`variantWidths`, named by `variantName`) lie beside it.
 */
export const variantFolder = (hash: string, width: number, height: number) => `${hash}-${width}x${height}`;

/** The keys of the variants beside a stored file `<folder>/<name>`; none for a folder without a size (older files). */
export function variantKeys(key: string): string[] {
  const folder = key.slice(0, key.lastIndexOf('/'));
  const size = /-([1-9]\d{0,4})x([1-9]\d{0,4})$/.exec(folder);
  return size ? variantWidths(Number(size[1])).map((w) => `${folder}/${variantName(w)}`) : [];
}

/**
 * Makes the WebP variants of a stored image (its bytes as re-encoded, `width` px wide): one per variant width
 * narrower than it, in the same queue as every other decode.
 */
export async function imageVariants(bytes: Buffer, width: number): Promise<{ width: number; bytes: Buffer }[]> {
  const widths = variantWidths(width);
  if (!widths.length) return [];
  return imageQueue.run(async () => {
    const out: { width: number; bytes: Buffer }[] = [];
    for (const w of widths) {
      const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      out.push({ width: w, bytes: data });
    }
    return out;
  });
}
