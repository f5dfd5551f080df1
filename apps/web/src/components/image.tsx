import { imageSource } from '@chaupal/contract/images';

/**
 * How an image loads: `lazy` below the fold (the default); `eager` for the other images of the first screen;
 * `high` for the one that is the page's largest paint (banner, first card, detail hero): eager, fetched first, and
 * preloaded from the head (React adds the `<link rel="preload">` for a non-lazy image).
 */
export type TImageLoad = 'lazy' | 'eager' | 'high';

/** `sizes` of a card image in a CardGrid (one column, two from 768 px, three of ~390 px from 1200 px). */
export const CARD_SIZES = '(min-width: 1200px) 390px, (min-width: 768px) calc(50vw - 26px), calc(100vw - 32px)';

/**
 * One uploaded image with its WebP variants (decision 008): `srcset` over the variants and the original, explicit
 * `width`/`height` so the page keeps its place while it loads. `box` gives the attributes when CSS draws the image
 * in a box of its own shape (cards, banner); without it they are the image's own size, so CSS (`max-width: 100%`,
 * `height: auto`) shows it at most at its natural width. An image without variants (stored before them, or a link
 * elsewhere) is shown as it is.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  box,
  load = 'lazy',
  className,
}: {
  src: string;
  alt: string;
  /** The width the image is drawn at, per viewport (the `sizes` attribute). */
  sizes: string;
  box?: { width: number; height: number };
  load?: TImageLoad;
  className?: string;
}) {
  const source = imageSource(src);
  const size = box ?? source ?? undefined;
  return (
    // Loading hints and sizes before the sources: an image created in the browser reads them when `src` is set.
    <img
      loading={load === 'lazy' ? 'lazy' : undefined}
      fetchPriority={load === 'high' ? 'high' : undefined}
      decoding={load === 'lazy' ? 'async' : undefined}
      width={size?.width}
      height={size?.height}
      sizes={source ? sizes : undefined}
      srcSet={source?.srcSet}
      src={src}
      alt={alt}
      className={className}
    />
  );
}
