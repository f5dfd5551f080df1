import { afterEach, describe, expect, it, vi } from 'vitest';
import { zodWithoutEval } from './zod-config';

describe('zod under the page CSP', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never calls new Function once the entry set the global, even though zod loads afterwards', async () => {
    zodWithoutEval();
    const fn = vi.spyOn(globalThis, 'Function');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    expect(schema.parse({ name: 'a', tags: ['b'] })).toEqual({ name: 'a', tags: ['b'] });
    expect(fn).not.toHaveBeenCalled();
  });
});
