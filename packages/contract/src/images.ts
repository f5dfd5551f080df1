/**
 * Image variants (decision 008). An uploaded image is stored in a folder named by its content hash and its size,
 * `<sha256>-<width>x<height>/<name>`, with a WebP copy at each of IMAGE_VARIANT_WIDTHS narrower than it beside it:
 * `<sha256>-<width>x<height>/_w640.webp`. So a page derives from the URL alone which variants exist and how large
 * the image is; a URL without a size in its folder (uploads stored before) is shown as it is.
 */

/** A phone card at 1× and 2×, a tablet or desktop column, a banner. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** A variant's file name: stored names never start with `_`, so it can never be an upload's own name. */
export const variantName = (width: number) => `_w${width}.webp`;

/** The variant widths an image `width` px wide has: only narrower ones, never an upscaled copy. */
export const variantWidths = (width: number): number[] => IMAGE_VARIANT_WIDTHS.filter((w) => w < width);

/** The end of a sized image URL: `/<sha256>-<width>x<height>/<name>`. */
const SIZED = /\/[0-9a-f]{64}-([1-9]\d{0,4})x([1-9]\d{0,4})\/[^/?#]+$/;

export interface TImageSource {
  /** The original's size in pixels. */
  width: number;
  height: number;
  /** Every file of the image, narrowest first, the original last: a `srcset` value. */
  srcSet: string;
}

/** The size and `srcset` of an image URL stored with variants, else null (an older upload, or a link elsewhere). */
export function imageSource(url: string): TImageSource | null {
  const size = SIZED.exec(url);
  if (!size) return null;
  const width = Number(size[1]);
  const height = Number(size[2]);
  const folder = url.slice(0, url.lastIndexOf('/'));
  const candidates = [...variantWidths(width).map((w) => `${folder}/${variantName(w)} ${w}w`), `${url} ${width}w`];
  return { width, height, srcSet: candidates.join(', ') };
}
