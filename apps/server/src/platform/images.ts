import { API_ERRORS } from '@chaupal/contract';
import sharp from 'sharp';
import { AppError } from './errors';
import { Gate } from './gate';

export type TImageFormat = 'jpeg' | 'png' | 'webp';

/** The longer side of a stored image; the site shows images at 340 × 240, so this leaves room for any screen. */
const MAX_SIDE = 2000;
/**
 * The most pixels an upload may decode to: a 50-megapixel phone photo (8160 × 6120 is 49.9 MP) passes, a
 * decompression bomb (a few KB that would decode to 120 megapixels and more) does not (issue 10).
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

/**
 * Re-encodes an uploaded image in its own format family: turned upright by its EXIF orientation, scaled down to
 * MAX_SIDE, and stripped of every piece of metadata (EXIF with GPS, XMP, IPTC), which sharp drops unless told to keep
 * it. Throws ImageTooLargeError for more than MAX_INPUT_PIXELS (read from the header, nothing decoded), and another
 * error when sharp cannot decode the bytes.
 */
export async function reencodeImage(bytes: Buffer, format: TImageFormat): Promise<Buffer> {
  return imageQueue.run(async () => {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (format === 'jpeg') return image.jpeg({ quality: 82 }).toBuffer();
    if (format === 'png') return image.png().toBuffer();
    return image.webp({ quality: 82 }).toBuffer();
  });
}
