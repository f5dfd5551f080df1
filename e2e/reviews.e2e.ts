import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  axe,
  describeViolations,
  dismissAlert,
  field,
  open,
  SHOTS,
  useBrowser,
  waitForHydration,
} from './browser';
import type { Ref } from './data';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * Reviews as the town uses them, at 375 px and 1280 px: a verified person writes a review from the listing's page,
 * its owner replies under it, another person marks it helpful; a visitor suggests a new phone number and the owner
 * accepts it from their dashboard; a category's outlets sorted by rating and kept to "4 ★ and up"; the reviews in
 * Hindi. Every screen is checked with axe.
 */
const s = useBrowser('reviews');

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

const call = (path: string, body: object, token: string) =>
  fetch(`${s.baseUrl}/api/backend/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

let owner: Person;
let boss: Person;
/** Verified people who review (registering is rate limited per address, so the journeys share a few). */
let people: Person[];
let place: { categories: string[]; circles: string[]; blocks: string[] };

/** A public outlet of `owner`, approved by the admin. */
async function publicOutlet(title: string): Promise<Ref> {
  const created = await call(
    '/outlet/add',
    { title, ...place, call_now: owner.phone, description: '<p>Fresh vegetables every morning.</p>' },
    owner.token,
  );
  expect(created.status).toBe(200);
  const approved = await call(`/admin/records/outlet/${created.body.data.id}/approve`, {}, boss.token);
  expect(approved.status).toBe(200);
  return created.body.data;
}

async function expectAxeClean(page: Page, screen: string) {
  expect(describeViolations(await axe(page)), screen).toEqual([]);
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews' });
/** The review by `name` in the listing's reviews. */
const reviewBy = (page: Page, name: string) =>
  reviewsSection(page).locator('.review-list > li').filter({ hasText: name });

/** Waits until the signed-in actions of the reviews (Helpful, Reply; a chunk of their own) have hydrated. */
const actionsReady = (page: Page) =>
  page.waitForFunction(() => {
    const b = document.querySelector('.review-list .helpful-button, .review-list button');
    return Boolean(b && Object.keys(b).some((k) => k.startsWith('__reactFiber$')));
  });

beforeAll(async () => {
  owner = await contributor(s.baseUrl, 'Outlet Owner');
  boss = await admin(s.baseUrl);
  people = [];
  for (const name of ['Asha Reviewer', 'Helpful Neighbour', 'Third Rater'])
    people.push(await contributor(s.baseUrl, name));
  const first = async (path: string) => (await api<{ data: Ref[] }>(s.baseUrl, path)).data[0];
  const [category, circle] = await Promise.all([first('/categories/view'), first('/circles/view')]);
  const block = await first(`/blocks/view?circles[]=${circle.id}`);
  place = { categories: [category.id], circles: [circle.id], blocks: [block.id] };
}, 60_000);

describe.each(WIDTHS)('reviews at $width px', (viewport) => {
  it('a verified person reviews, the owner replies, another person finds it helpful', async () => {
    const outlet = await publicOutlet(`Sabzi Mandi ${viewport.width} ${Date.now()}`);
    const [reviewer, neighbour] = people;
    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, reviewer);
    await open(page, s.url(`/outlets/${outlet.slug}`));
    await dismissAlert(page);
    await reviewsSection(page).getByText('No reviews yet').waitFor();
    await expectAxeClean(page, 'a listing without reviews');

    // "Write a review" is a link to its page; the form comes with the page's app.
    await reviewsSection(page).getByRole('link', { name: 'Write a review' }).click();
    await page.waitForURL((u) => u.pathname === `/outlets/${outlet.slug}/review`);
    await page.getByRole('heading', { level: 1, name: 'Write a review' }).waitFor();
    await waitForHydration(page);
    const form = page.locator('form.review-form');
    // Sent without stars: the form says so and keeps the words.
    await field(form, 'Your review (optional)').fill('Fresh greens, fair prices and a friendly owner.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByText('Choose 1 to 5 stars').waitFor();
    await expectAxeClean(page, 'the review form with its error');
    await page.screenshot({ path: `${SHOTS}/reviews-form-${viewport.width}.png`, fullPage: true });
    await form.locator('label').filter({ hasText: '4 stars' }).click();
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.waitForURL((u) => u.pathname === `/outlets/${outlet.slug}` && u.hash === '#reviews');
    await page.getByText('Thank you! Your review is published.').waitFor();
    const mine = reviewBy(page, reviewer.user.name);
    await mine.getByText('Fresh greens, fair prices and a friendly owner.').waitFor();
    await expect(mine.getByRole('img', { name: '4 out of 5 stars' }).isVisible()).resolves.toBe(true);
    // One review: its count, not an average.
    await expect(reviewsSection(page).locator('.reviews-summary > p').textContent()).resolves.toBe('1 review');
    await page.close();

    // The owner replies under it, on the listing's page.
    const ownerPage = await s.newPage({ viewport });
    await signInAs(ownerPage, s.baseUrl, owner);
    await open(ownerPage, s.url(`/outlets/${outlet.slug}`));
    await dismissAlert(ownerPage);
    await actionsReady(ownerPage);
    const review = reviewBy(ownerPage, reviewer.user.name);
    await review.getByRole('button', { name: 'Reply', exact: true }).click();
    await field(review, 'Your reply').fill('Thank you, Asha! See you tomorrow morning.');
    await expectAxeClean(ownerPage, 'the owner’s reply form');
    await review.getByRole('button', { name: 'Save reply' }).click();
    await ownerPage.getByText('Your reply is saved.').waitFor();
    await review.getByText('Reply from the owner').waitFor();
    await review.getByText('Thank you, Asha! See you tomorrow morning.').waitFor();
    // The owner's own listing: no Helpful vote of theirs to give, and no review to write.
    await ownerPage.close();

    // Another person marks it helpful, once.
    const other = await s.newPage({ viewport });
    await signInAs(other, s.baseUrl, neighbour);
    const seen = reviewBy(other, reviewer.user.name);
    // The owner wrote a burst today: the cached pages show their reply within a few seconds.
    await expect
      .poll(
        async () => {
          await open(other, s.url(`/outlets/${outlet.slug}`));
          return seen.getByText('Thank you, Asha! See you tomorrow morning.').count();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(1);
    await dismissAlert(other);
    await actionsReady(other);
    const helpful = seen.getByRole('button', { name: 'Helpful (0)' });
    await helpful.click();
    const pressed = seen.getByRole('button', { name: 'Helpful (1)' });
    await expect.poll(() => pressed.getAttribute('aria-pressed')).toBe('true');
    await expectAxeClean(other, 'a listing with a review, its reply and a helpful vote');
    await other.screenshot({ path: `${SHOTS}/reviews-listing-${viewport.width}.png`, fullPage: true });
    // The vote is kept: after a reload it is still pressed and counted once.
    await open(other, s.url(`/outlets/${outlet.slug}`));
    await actionsReady(other);
    await expect
      .poll(() =>
        reviewBy(other, reviewer.user.name).getByRole('button', { name: 'Helpful (1)' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    s.expectNoErrors();
    await other.close();
  });

  it('a visitor suggests a new phone number and the owner accepts it', async () => {
    const outlet = await publicOutlet(`Kirana Corner ${viewport.width} ${Date.now()}`);
    const newPhone = `9${String(Date.now()).slice(-9)}`;
    const visitor = await s.newPage({ viewport });
    await open(visitor, s.url(`/outlets/${outlet.slug}`));
    await dismissAlert(visitor);
    await visitor.getByRole('link', { name: 'Suggest an edit' }).click();
    await visitor.waitForURL((u) => u.pathname === `/outlets/${outlet.slug}/suggest-edit`);
    await visitor.getByRole('heading', { level: 1, name: 'Suggest an edit' }).waitFor();
    await waitForHydration(visitor);
    const form = visitor.locator('main form');
    await field(form, 'Phone number').fill(newPhone);
    await field(form, 'Anything else the owner should know? (optional)').fill('The old number is switched off.');
    await field(form, 'Your name (optional)').fill('Ravi');
    await expectAxeClean(visitor, 'the suggest-an-edit form');
    await visitor.screenshot({ path: `${SHOTS}/reviews-suggest-${viewport.width}.png`, fullPage: true });
    await form.getByRole('button', { name: 'Send suggestion' }).click();
    await visitor.getByText('Thank you. The owner will review your suggestion.').waitFor();
    await visitor.close();

    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, owner);
    await open(page, s.url('/user-outlet'));
    await waitForHydration(page);
    const card = page.locator('main .card').filter({ hasText: outlet.title });
    await card.getByRole('button', { name: '1 suggested edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Suggested edits: ${outlet.title}` });
    const suggestion = dialog.getByRole('article', { name: 'Suggestion from Ravi' });
    await suggestion.getByText('The old number is switched off.').waitFor();
    await expectAxeClean(page, 'the owner’s suggested edits');
    await page.screenshot({ path: `${SHOTS}/reviews-suggestions-${viewport.width}.png` });
    await suggestion.getByRole('button', { name: 'Accept: Phone' }).click();
    // An accepted change is the owner's edit, checked like any edit: live now, or after an admin approves it.
    await page.getByText(/^(Your listing was updated\.|Your listing will be updated after approval\.)$/).waitFor();
    await suggestion.getByText('Accepted').waitFor();
    const listing = await api<{ data: { call_now: string } }>(s.baseUrl, `/outlets/slug/${outlet.slug}`);
    if (listing.data.call_now !== newPhone) {
      const approved = await call(`/admin/records/outlet/${outlet.id}/approve`, {}, boss.token);
      expect(approved.status).toBe(200);
    }
    // Cached pages follow a writer's burst of edits within a few seconds.
    await expect
      .poll(
        async () => {
          await open(page, s.url(`/outlets/${outlet.slug}`));
          return page.locator('main').textContent();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toContain(newPhone);
    s.expectNoErrors();
    await page.close();
  });

  it('a category’s outlets sorted by rating, kept to 4 ★ and up', async () => {
    // Three outlets of one category, rated 5, 4 and 2 by three people each.
    const stamp = Date.now();
    const rated = [
      { title: `Rated Five ${viewport.width} ${stamp}`, stars: 5 },
      { title: `Rated Two ${viewport.width} ${stamp}`, stars: 2 },
      { title: `Rated Four ${viewport.width} ${stamp}`, stars: 4 },
    ];
    for (const r of rated) {
      const outlet = await publicOutlet(r.title);
      for (const p of people) {
        const sent = await call(`/reviews/outlet/${outlet.id}`, { rating: r.stars, text: '' }, p.token);
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      }
    }
    const [category] = (await api<{ data: (Ref & { slug: string })[] }>(s.baseUrl, '/categories/view')).data;
    const page = await s.newPage({ viewport });
    await open(page, s.url(`/category/${category.slug}`));
    await dismissAlert(page);
    await waitForHydration(page);
    await page.getByLabel('Sort').selectOption('rating');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'rating');
    const titles = () => page.locator('main .card h2, main .card h3').allTextContents();
    await expect
      .poll(async () => (await titles()).filter((t) => t.endsWith(String(stamp))))
      .toEqual([rated[0].title, rated[2].title, rated[1].title]);
    await page
      .locator('main .card')
      .filter({ hasText: rated[0].title })
      .getByText('★ 5.0 out of 5 · 3 reviews')
      .waitFor();
    await page.getByLabel('Rating').selectOption('4');
    await page.waitForURL((u) => u.searchParams.get('minRating') === '4');
    await expect
      .poll(async () => (await titles()).filter((t) => t.endsWith(String(stamp))))
      .toEqual([rated[0].title, rated[2].title]);
    await expectAxeClean(page, 'a category sorted by rating, 4 ★ and up');
    await page.screenshot({ path: `${SHOTS}/reviews-rating-list-${viewport.width}.png` });
    s.expectNoErrors();
    await page.close();
  });

  it('shows a listing’s reviews and the review form in Hindi', async () => {
    const outlet = await publicOutlet(`Hindi Bhandar ${viewport.width} ${Date.now()}`);
    for (const [i, p] of people.entries()) {
      const sent = await call(`/reviews/outlet/${outlet.id}`, { rating: 3 + i, text: 'बहुत अच्छी दुकान।' }, p.token);
      expect(sent.status).toBe(201);
    }
    const page = await s.newPage({ viewport });
    await open(page, s.url(`/outlets/${outlet.slug}?lang=hi`));
    await dismissAlert(page, 'ठीक है');
    const section = page.getByRole('region', { name: 'समीक्षाएँ' });
    await section.getByText('3 समीक्षाओं से 4.0 ★').waitFor();
    await section.getByRole('link', { name: 'समीक्षा लिखें' }).waitFor();
    await expectAxeClean(page, 'a listing’s reviews in Hindi');
    await page.screenshot({ path: `${SHOTS}/reviews-hindi-${viewport.width}.png`, fullPage: true });
    s.expectNoErrors();
    await page.close();
  });
});
