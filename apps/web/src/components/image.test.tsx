import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cardLoad, ItemCard } from './cards';
import { CARD_SIZES, ResponsiveImage } from './image';

const HASH = 'ab'.repeat(32);
const sized = `/uploads/${HASH}-1000x600/shop.jpg`;

/** The attributes of the one <img> in some markup, by their lower-case names (as HTML reads them). */
function img(html: string): Record<string, string> {
  const tag = /<img\b([^>]*)\/?>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(Array.from(tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g), (m) => [m[1].toLowerCase(), m[2]]));
}

describe('ResponsiveImage', () => {
  it('offers the variants narrower than the image and the original in srcset, with its own size', () => {
    const a = img(renderToStaticMarkup(<ResponsiveImage src={sized} alt="Shop" sizes="100vw" />));
    expect(a).toEqual({
      loading: 'lazy',
      decoding: 'async',
      width: '1000',
      height: '600',
      sizes: '100vw',
      srcset: `/uploads/${HASH}-1000x600/_w320.webp 320w, /uploads/${HASH}-1000x600/_w640.webp 640w, /uploads/${HASH}-1000x600/_w960.webp 960w, ${sized} 1000w`,
      src: sized,
      alt: 'Shop',
    });
  });

  it('draws the first visible image eagerly with high priority, and has React preload it', () => {
    const html = renderToStaticMarkup(
      <html lang="en">
        <head />
        <body>
          <ResponsiveImage src={sized} alt="" sizes="100vw" box={{ width: 1600, height: 600 }} load="high" />
        </body>
      </html>,
    );
    const a = img(html);
    expect(a.loading).toBeUndefined();
    expect(a.decoding).toBeUndefined();
    expect(a.fetchpriority).toBe('high');
    expect([a.width, a.height]).toEqual(['1600', '600']);
    expect(html).toMatch(/<link rel="preload" [^>]*as="image"[^>]*fetchPriority="high"/);
    expect(html).toContain(`imageSrcSet="/uploads/${HASH}-1000x600/_w320.webp 320w`);
  });

  it('never offers a variant wider than a small image: its own file only', () => {
    const small = `/uploads/${HASH}-300x200/small.jpg`;
    const a = img(renderToStaticMarkup(<ResponsiveImage src={small} alt="" sizes="100vw" load="eager" />));
    expect(a.srcset).toBe(`${small} 300w`);
    expect([a.width, a.height]).toEqual(['300', '200']);
    expect(a.loading).toBeUndefined();
    expect(a.fetchpriority).toBeUndefined();
  });

  it('shows an older upload or a link elsewhere as it is, without srcset or sizes', () => {
    for (const src of [`/uploads/${HASH}/old.jpg`, '/uploads/demo/banner-1.jpg', 'https://elsewhere.example/a.jpg']) {
      const a = img(renderToStaticMarkup(<ResponsiveImage src={src} alt="" sizes="100vw" />));
      expect(a).toEqual({ loading: 'lazy', decoding: 'async', src, alt: '' });
    }
  });
});

describe('ItemCard images', () => {
  it('loads the first row of a grid eagerly, the first card with high priority, the rest lazily', () => {
    expect([0, 1, 2, 3, 8].map(cardLoad)).toEqual(['high', 'eager', 'eager', 'lazy', 'lazy']);
    const card = (load?: 'high') =>
      img(
        renderToStaticMarkup(
          <MemoryRouter>
            <ItemCard to="/outlet/x" title="Shop" image={sized} description="" load={load} />
          </MemoryRouter>,
        ),
      );
    expect(card()).toMatchObject({ loading: 'lazy', sizes: CARD_SIZES, width: '400', height: '240' });
    expect(card('high')).toMatchObject({ fetchpriority: 'high', sizes: CARD_SIZES });
    expect(card('high').loading).toBeUndefined();
  });
});
