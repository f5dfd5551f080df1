import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pinFromMapLink, placeFormFields } from './place';
import { ZOutletListQuery } from './queries';

describe('pinFromMapLink', () => {
  it.each([
    ['https://www.google.com/maps/place/Fresh+Mart/@26.8467,80.9462,17z/data=!3m1', 26.8467, 80.9462],
    ['https://www.google.com/maps/place/X/data=!4m6!3m5!1s0x0:0x0!8m2!3d26.85!4d80.949', 26.85, 80.949],
    ['https://maps.google.com/?q=26.8467,80.9462', 26.8467, 80.9462],
    ['https://www.google.com/maps/search/?api=1&query=-33.8688%2C151.2093', -33.8688, 151.2093],
    ['https://www.openstreetmap.org/?mlat=26.8467&mlon=80.9462#map=17/26.8467/80.9462', 26.8467, 80.9462],
    ['https://www.openstreetmap.org/#map=16/28.6139/77.2090', 28.6139, 77.209],
    ['https://maps.apple.com/?ll=19.076,72.8777&q=Mumbai', 19.076, 72.8777],
    ['geo:12.9716,77.5946', 12.9716, 77.5946],
    ['26.8467, 80.9462', 26.8467, 80.9462],
    // Rounded to 7 places, so the form's coordinate fields take what a long link gives.
    ['geo:26.846712345678912,80.94620000000001', 26.8467123, 80.9462],
  ])('reads %s', (link, latitude, longitude) => {
    expect(pinFromMapLink(link)).toEqual({ latitude, longitude });
  });

  it('finds nothing in a short link, a place name or impossible coordinates', () => {
    expect(pinFromMapLink('https://maps.app.goo.gl/AbCdEf123')).toBeNull();
    expect(pinFromMapLink('https://www.google.com/maps/place/Hazratganj,+Lucknow')).toBeNull();
    expect(pinFromMapLink('geo:95.1,80')).toBeNull();
  });
});

describe('sort=near on the directory lists', () => {
  it('needs both coordinates, in range', () => {
    expect(ZOutletListQuery.parse({ sort: 'near', lat: '26.85', lng: '80.95' })).toMatchObject({
      lat: 26.85,
      lng: 80.95,
    });
    expect(ZOutletListQuery.safeParse({ sort: 'near' }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'lat',
      'lng',
    ]);
    expect(ZOutletListQuery.safeParse({ sort: 'near', lat: '26', lng: '181' }).success).toBe(false);
    // Without sort=near a point is ignored by the list.
    expect(ZOutletListQuery.parse({ lat: '26', lng: '80' }).sort).toBeUndefined();
  });
});

describe('latitude and longitude as JSON numbers', () => {
  const point = z.object({ latitude: placeFormFields.latitude, longitude: placeFormFields.longitude });

  it('takes what arithmetic left, kept to 12 places, and refuses what only an exponent writes', () => {
    expect(point.parse({ latitude: 26.85 + 0.018, longitude: 80.9462 })).toEqual({
      latitude: 26.868,
      longitude: 80.9462,
    });
    expect(point.parse({ latitude: -0.1 - 0.2, longitude: 0 })).toEqual({ latitude: -0.3, longitude: 0 });
    for (const latitude of [5e-324, 1e-7, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(point.safeParse({ latitude, longitude: 80 }).success).toBe(false);
    }
  });
});
