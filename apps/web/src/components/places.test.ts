import type { TBlock, TCircle } from '@chaupal/contract';
import { describe, expect, it } from 'vitest';
import { placesOf } from './places';

const circle = (id: string, name: string): TCircle => ({ id, slug: name.toLowerCase(), name, status: 'active' });
const block = (id: string, name: string, of: TCircle): TBlock => ({
  ...circle(id, name),
  circles: [{ id: of.id, name: of.name, slug: of.slug }],
});

const north = circle('c1', 'North');
const south = circle('c2', 'South');
const circles = [north, south];
const northBlocks = [block('b1', 'Bazaar', north), block('b2', 'Station Road', north)];

describe('placesOf', () => {
  it('asks for everything when the URL names no place', () => {
    expect(placesOf(circles, [], undefined, undefined)).toEqual({ circle: undefined, block: undefined });
  });

  it('turns known names into ids', () => {
    expect(placesOf(circles, northBlocks, 'North', 'Station Road')).toEqual({ circle: 'c1', block: 'b2' });
    expect(placesOf(circles, [], 'South', undefined)).toEqual({ circle: 'c2', block: undefined });
  });

  it('marks an unknown circle instead of dropping the filter', () => {
    expect(placesOf(circles, northBlocks, 'Atlantis', 'Bazaar')).toEqual({
      unknown: { kind: 'circle', name: 'Atlantis' },
    });
  });

  it('marks a locality the circle does not have, keeping the circle', () => {
    expect(placesOf(circles, northBlocks, 'North', 'Harbour')).toEqual({
      circle: 'c1',
      unknown: { kind: 'locality', name: 'Harbour' },
    });
  });

  it('names match exactly, as the URL carries them', () => {
    expect(placesOf(circles, [], 'north', undefined)).toEqual({ unknown: { kind: 'circle', name: 'north' } });
  });
});
