// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailPage } from '../detail-page';
import { buildBody, buildExpert, buildReview, fakeApi, LISTING_ID, renderPage } from './test-kit';

/** An expert's public page with its reviews, as the detail route shows it. */
function show(reviews: object | null) {
  const api = fakeApi({
    '/experts/slug/dr-mehta': { success: true, data: buildExpert(), related: [] },
    ...(reviews ? { [`/reviews/expert/${LISTING_ID}`]: reviews } : {}),
  });
  renderPage(
    <Suspense fallback={null}>
      <DetailPage kind="expert" />
    </Suspense>,
    { apiFetch: api.apiFetch },
  );
}
const businessLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((s) => JSON.parse(s.textContent ?? '{}'))
    .find((ld) => ld['@type'] === 'ProfessionalService');

afterEach(cleanup);

describe('an expert’s page', () => {
  it('shows its reviews between the listing and its related experts, and says its rating in its JSON-LD', async () => {
    show(buildBody([buildReview()], { count: 27, average: 4.3, histogram: [1, 1, 3, 7, 15] }));
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('4.3 ★ from 27 reviews')).toBeTruthy();
    expect(reviews.nextElementSibling?.classList.contains('related')).toBe(true);
    await waitFor(() => expect(businessLd()?.aggregateRating).toBeDefined());
    expect(businessLd()).toMatchObject({
      name: 'Dr. Mehta',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 27 },
      review: [{ '@type': 'Review', author: { '@type': 'Person', name: 'Asha Verma' } }],
    });
  });

  it('is shown whole when its reviews cannot be read, without a reviews section', async () => {
    show(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Mehta' })).toBeTruthy();
    await waitFor(() => expect(businessLd()).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull();
    expect(businessLd().aggregateRating).toBeUndefined();
  });
});
