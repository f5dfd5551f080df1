import { createRequire } from 'node:module';
import type { TOutlet } from '@chaupal/contract';
import { describe, expect, it } from 'vitest';
import { businessLd } from './place-ld';

/** structured-data-testing-tool (npm): extracts a page's JSON-LD, checks its schema.org types and runs our tests. */
const { structuredDataTest } = createRequire(import.meta.url)('structured-data-testing-tool') as {
  structuredDataTest(
    html: string,
    options: object,
  ): Promise<{ passed: { test: string }[]; failed: { test: string }[]; schemas: string[] }>;
};

/** The tool tests `expect instanceof RegExp`: its patterns are made in Node's own realm, not the test's. */
const NodeRegExp = (createRequire(import.meta.url)('node:vm') as typeof import('node:vm')).runInThisContext(
  'RegExp',
) as RegExpConstructor;
const DAY = new NodeRegExp('^https://schema\\.org/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$');
const TIME = new NodeRegExp('^([01]\\d|2[0-3]):[0-5]\\d$');
const DATE = new NodeRegExp('^\\d{4}-\\d{2}-\\d{2}$');
const PIN = new NodeRegExp('^[1-9]\\d{5}$');
/**
 * A format test: the tool counts a RegExp test passed only on a list value (on a single string it keeps `match`'s
 * array, not `true`), so the value is wrapped in a one-item list (JMESPath `| [@]`).
 */
const format = (path: string, expect: RegExp) => ({ test: `${path} | [@]`, expect });

/**
 * Google's local business structured data (the Rich Results shape): `name` and `address` required; `geo` with both
 * coordinates, `telephone`, `url` and `openingHoursSpecification` (days as schema.org day URLs, `HH:MM` times,
 * exceptions dated with validFrom/validThrough) recommended — tested here as required where the listing gave them.
 */
const localBusiness = (schema: string, ld: Record<string, unknown>) => {
  const at = `${schema}[*]`;
  const hours = (ld.openingHoursSpecification ?? []) as { dayOfWeek?: string[]; validFrom?: string }[];
  // The tool reads one `[*]` per path (the record): each opening-hours entry and day is named by its index.
  const hoursTests = hours.flatMap((h, i) => {
    const entry = `${at}.openingHoursSpecification[${i}]`;
    return [
      { test: `${entry}."@type"`, expect: 'OpeningHoursSpecification' },
      format(`${entry}.opens`, TIME),
      format(`${entry}.closes`, TIME),
      ...(h.dayOfWeek ?? []).map((_, d) => format(`${entry}.dayOfWeek[${d}]`, DAY)),
      ...(h.dayOfWeek ? [] : [format(`${entry}.validFrom`, DATE), format(`${entry}.validThrough`, DATE)]),
    ];
  });
  const withPlace = 'address' in ld || 'geo' in ld || hours.length > 0;
  return {
    name: `Google ${schema}`,
    description: 'Google local business',
    schema,
    tests: [
      { test: schema },
      { test: `${at}."@type"`, expect: schema },
      { test: `${at}.name` },
      { test: `${at}.url` },
      { test: `${at}.telephone` },
      ...(withPlace
        ? [
            { test: `${at}.address."@type"`, expect: 'PostalAddress' },
            { test: `${at}.address.streetAddress` },
            { test: `${at}.address.addressLocality` },
            format(`${at}.address.postalCode`, PIN),
            { test: `${at}.address.addressCountry`, expect: 'IN' },
            { test: `${at}.geo."@type"`, expect: 'GeoCoordinates' },
            { test: `${at}.geo.latitude` },
            { test: `${at}.geo.longitude` },
            { test: `${at}.openingHoursSpecification` },
            ...hoursTests,
          ]
        : [
            { test: `${at}.address`, expect: false },
            { test: `${at}.geo`, expect: false },
            { test: `${at}.openingHoursSpecification`, expect: false },
          ]),
    ],
  };
};

const OUTLET: TOutlet = {
  id: 'o1',
  slug: 'corner-chemist',
  title: 'Corner Chemist',
  description: '<p>Medicines.</p>',
  status: 'active',
  userId: 'u1',
  createdBy: { status: 'active' },
  circles: [{ id: 'c1', name: 'North', slug: 'north' }],
  blocks: [{ id: 'b1', name: 'Hazratganj', slug: 'hazratganj' }],
  documents: [],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  trust: { verifiedPhone: false, verifiedBusinessAt: null, confirmedAt: null, updatedOn: '2026-01-01T00:00:00.000Z' },
  call_now: '+919876543210',
  whatsapp_no: null,
  map_url: null,
  website_url: null,
  closed_at: null,
  street_address: '12 Mall Road',
  pin_code: '226001',
  latitude: 26.8467,
  longitude: 80.9462,
  opening_hours: {
    weekly: {
      mon: [{ open: '09:00', close: '18:00' }],
      tue: [{ open: '09:00', close: '18:00' }],
      sat: [
        { open: '09:00', close: '13:00' },
        { open: '14:30', close: '24:00' },
      ],
    },
    exceptions: [{ date: '2026-12-25', ranges: [], note: 'Christmas' }],
  },
  content: '',
  image: null,
  publishing_time: '2026-01-01T00:00:00.000Z',
  categories: [{ id: 'k1', title: 'Chemists', slug: 'chemists' }],
  rating: { count: 0, average: null },
};
const site = { name: 'Chaupal', url: 'https://chaupal.example', logo: null };

const ldOf = (item: TOutlet) => [businessLd(item, `${site.url}/outlet/${item.slug}`, site)];
/** A page's head with the record's JSON-LD as the detail page emits it. */
const page = (item: TOutlet) =>
  `<!doctype html><html><head>${ldOf(item)
    .map((ld) => `<script type="application/ld+json">${JSON.stringify(ld)}</script>`)
    .join('')}</head><body></body></html>`;
/** Runs the validator with the Google preset made for the record's own JSON-LD; the tests that failed. */
const failures = (item: TOutlet) =>
  structuredDataTest(page(item), {
    presets: [localBusiness('LocalBusiness', ldOf(item)[0] as Record<string, unknown>)],
  }).then(
    (res) => {
      expect(res.schemas).toContain('LocalBusiness');
      expect(res.passed.length).toBeGreaterThan(5);
      return [] as string[];
    },
    (err: { res: { failed: { test: string }[] } }) => err.res.failed.map((f) => f.test),
  );

describe('LocalBusiness JSON-LD', () => {
  it('carries address, geo and openingHoursSpecification in the Rich Results shape', async () => {
    expect(await failures(OUTLET)).toEqual([]);
    const [ld] = ldOf(OUTLET) as Record<string, unknown>[];
    const entry = (days: string[], opens: string, closes: string) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days.map((d) => `https://schema.org/${d}`),
      opens,
      closes,
    });
    expect(ld.openingHoursSpecification).toEqual([
      entry(['Monday', 'Tuesday'], '09:00', '18:00'),
      entry(['Saturday'], '09:00', '13:00'),
      // Open until midnight: schema.org says 23:59.
      entry(['Saturday'], '14:30', '23:59'),
      // Closed all day on a date: 00:00 to 00:00, valid that day only.
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Mall Road',
      addressLocality: 'Hazratganj',
      postalCode: '226001',
      addressCountry: 'IN',
    });
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 26.8467, longitude: 80.9462 });
  });

  it('gives an expert the same place as a ProfessionalService', async () => {
    const { categories: _c, publishing_time: _p, ...rest } = OUTLET;
    const expert = { ...rest, services: [{ id: 's1', title: 'Doctors', slug: 'doctors', status: 'active' }] };
    const ld = businessLd(expert, `${site.url}/experts/dr-place`, site);
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`;
    const res = await structuredDataTest(html, { presets: [localBusiness('ProfessionalService', ld)] });
    expect(res.schemas).toContain('ProfessionalService');
    expect(res.failed).toEqual([]);
  });

  it('leaves out what a listing stored without a place does not have', async () => {
    const old = {
      ...OUTLET,
      street_address: null,
      pin_code: null,
      latitude: null,
      longitude: null,
      opening_hours: null,
    };
    expect(await failures(old)).toEqual([]);
  });

  it('fails a shape Google would refuse', async () => {
    const broken = {
      ...OUTLET,
      pin_code: '26001',
      opening_hours: { weekly: { mon: [{ open: '9:00', close: '18:00' }] }, exceptions: [] },
    };
    const failed = await failures(broken);
    expect(failed).toEqual([
      'LocalBusiness[0].address.postalCode | [@]',
      'LocalBusiness[0].openingHoursSpecification[0].opens | [@]',
    ]);
  });
});
