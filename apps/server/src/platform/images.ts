import sharp from 'sharp';

export type TImageFormat = 'jpeg' | 'png' | 'webp';

/** The longer side of a stored image; the site shows images at 340 × 240, so this leaves room for any screen. */
const MAX_SIDE = 2000;
/** Refuses decompression bombs: a small file that would decode to gigabytes of pixels (~120 megapixels). */
const MAX_INPUT_PIXELS = 120_000_000;

/**
 * Re-encodes an uploaded image in its own format family: turned upright by its EXIF orientation, scaled down to
 * MAX_SIDE, and stripped of every piece of metadata (EXIF with GPS, XMP, IPTC), which sharp drops unless told to keep
 * it. Throws when sharp cannot decode the bytes.
 */
export async function reencodeImage(bytes: Buffer, format: TImageFormat): Promise<Buffer> {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (format === 'jpeg') return image.jpeg({ quality: 82 }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 82 }).toBuffer();
}
