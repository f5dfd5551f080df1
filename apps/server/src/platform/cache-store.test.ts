import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { segmentedLru } from './cache-store';

const page = (kb: number) => ({ bytes: Buffer.alloc(kb * 1024) });
const size = (v: { bytes: Buffer }) => v.bytes.length;

describe('the page store’s segmented LRU', () => {
  it('keeps a page read again through a flood of pages read once, which one LRU of the same size loses', () => {
    const budget = { max: 5000, maxSize: 1024 * 1024, sizeCalculation: size };
    const segmented = segmentedLru(budget);
    const single = new LRUCache<string, { bytes: Buffer }>(budget);
    segmented.set('/', page(50), 300_000);
    single.set('/', page(50), { ttl: 300_000 });
    expect(segmented.get('/')).toBeDefined();
    expect(single.get('/')).toBeDefined();
    // 400 one-off addresses of 50 KB each: 20 MB through a 1 MB store.
    for (let i = 0; i < 400; i++) {
      segmented.set(`/search?q=${i}`, page(50), 300_000);
      single.set(`/search?q=${i}`, page(50), { ttl: 300_000 });
    }
    expect(single.get('/')).toBeUndefined();
    expect(segmented.get('/')).toBeDefined();
    // The newest one-offs are still on probation, and a second read of one promotes it.
    expect(segmented.get('/search?q=399')).toBeDefined();
    expect(segmented.get('/search?q=0')).toBeUndefined();
  });

  it('keeps an entry’s lifetime when it moves to the protected segment, and replaces a kept entry in place', async () => {
    const store = segmentedLru<{ v: number }>({ max: 10 });
    store.set('a', { v: 1 }, 40);
    expect(store.get('a')).toEqual({ v: 1 });
    store.set('a', { v: 2 }, 40);
    expect(store.get('a')).toEqual({ v: 2 });
    await new Promise((r) => setTimeout(r, 60));
    expect(store.get('a')).toBeUndefined();
    expect(store.has('a')).toBe(false);
  });
});
