import type { TExpert, TOutlet } from '@chaupal/contract';
import type { TTimeRange, TWeekday } from '@chaupal/contract/open-now';
import { textOf } from '../cards';
import type { TSiteLd } from '../content/structured-data';
import { reviewsLd, type TReviewsLd } from '../reviews/review-ld';

/** The week as open-now's WEEK and schema.org's day names (kept here: open-now is not part of a page's first load). */
const DAYS: [TWeekday, string][] = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
];

/** schema.org's closing time: `24:00` (open until midnight) is said `23:59`. */
const closes = (r: TTimeRange) => (r.close === '24:00' ? '23:59' : r.close);

/**
 * The place of a LocalBusiness (decision 015, Google's local business structured data): `address` (PostalAddress),
 * `geo` (GeoCoordinates) and `openingHoursSpecification`: one entry per time range, the days sharing it together;
 * a dated exception is an entry valid on that date only, `00:00`–`00:00` when closed all day. Only what is given.
 */
export function placeLd(item: TExpert | TOutlet): Record<string, unknown> {
  const ld: Record<string, unknown> = {};
  if (item.street_address || item.pin_code) {
    const locality = item.blocks[0]?.name ?? item.circles[0]?.name;
    ld.address = {
      '@type': 'PostalAddress',
      ...(item.street_address ? { streetAddress: item.street_address } : {}),
      ...(locality ? { addressLocality: locality } : {}),
      ...(item.pin_code ? { postalCode: item.pin_code } : {}),
      addressCountry: 'IN',
    };
  }
  if (item.latitude !== null && item.longitude !== null) {
    ld.geo = { '@type': 'GeoCoordinates', latitude: item.latitude, longitude: item.longitude };
  }
  const hours = item.opening_hours;
  if (hours) {
    const byRange = new Map<string, { range: TTimeRange; days: string[] }>();
    for (const [day, name] of DAYS) {
      for (const range of hours.weekly[day] ?? []) {
        const key = `${range.open}-${range.close}`;
        const entry = byRange.get(key) ?? { range, days: [] };
        entry.days.push(`https://schema.org/${name}`);
        byRange.set(key, entry);
      }
    }
    const spec: object[] = [...byRange.values()].map(({ range, days }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days,
      opens: range.open,
      closes: closes(range),
    }));
    for (const e of hours.exceptions ?? []) {
      const ranges = e.ranges.length ? e.ranges : [{ open: '00:00', close: '00:00' }];
      for (const r of ranges) {
        spec.push({
          '@type': 'OpeningHoursSpecification',
          validFrom: e.date,
          validThrough: e.date,
          opens: r.open,
          closes: closes(r),
        });
      }
    }
    if (spec.length) ld.openingHoursSpecification = spec;
  }
  return ld;
}

/**
 * An expert's (ProfessionalService) or outlet's LocalBusiness JSON-LD (DESIGN §8) with its place and its reviews:
 * rendered with the place on the detail page (place-parts.tsx), so its code is not part of the page's first load.
 */
export function businessLd(item: TExpert | TOutlet, url: string, site: TSiteLd, reviews?: TReviewsLd) {
  return {
    '@context': 'https://schema.org',
    '@type': 'services' in item ? 'ProfessionalService' : 'LocalBusiness',
    name: item.title,
    description: textOf(item.description).slice(0, 300),
    url,
    image: item.image ? (item.image.startsWith('http') ? item.image : `${site.url}${item.image}`) : undefined,
    telephone: item.call_now,
    ...(item.website_url ? { sameAs: [item.website_url] } : {}),
    areaServed: item.circles.map((c) => c.name),
    ...placeLd(item),
    ...(reviews ? reviewsLd(reviews) : {}),
  };
}
