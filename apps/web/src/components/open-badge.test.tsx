// @vitest-environment happy-dom

import { openStatusLabel, type TOpenStatus, WEEK } from '@chaupal/contract/open-now';
import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMessages, LangProvider, translate } from '../app/i18n';
import { type Services, ServicesProvider } from '../app/services';
import { messages } from '../locales/en/place.json?lingui';
import { messages as hindi } from '../locales/hi/place.json?lingui';
import { clockText, dayHoursText, localTimeAt, OpenBadge, statusText } from './open-badge';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Mon–Sat 9 AM–6 PM, a bar on Friday night to 2 AM, closed on Christmas. */
const HOURS = {
  weekly: {
    mon: [{ open: '09:00', close: '18:00' }],
    fri: [{ open: '20:00', close: '02:00' }],
  },
  exceptions: [{ date: '2026-11-30', ranges: [] }],
};
const services = (siteTz: string, renderedAt?: number) =>
  ({ siteTz, renderedAt, publicUrl: 'http://x', apiFetch: fetch, queries: {} }) as unknown as Services;
const badge = (siteTz: string, renderedAt?: number) => (
  <ServicesProvider value={services(siteTz, renderedAt)}>
    <OpenBadge hours={HOURS} />
  </ServicesProvider>
);

describe('localTimeAt (the site zone’s wall clock)', () => {
  it('reads the date and minutes in SITE_TZ, not the machine’s zone', () => {
    const at = Date.UTC(2026, 10, 23, 4, 45); // 10:15 AM in India
    expect(localTimeAt(at, 'Asia/Kolkata')).toEqual({ date: '2026-11-23', minutes: 615 });
    expect(localTimeAt(at, 'UTC')).toEqual({ date: '2026-11-23', minutes: 285 });
    // 8 PM UTC on Sunday is 1:30 AM on Monday in India.
    expect(localTimeAt(Date.UTC(2026, 10, 22, 20, 0), 'Asia/Kolkata')).toEqual({ date: '2026-11-23', minutes: 90 });
    expect(localTimeAt(Date.UTC(2026, 10, 23, 12, 0), 'America/New_York')).toEqual({
      date: '2026-11-23',
      minutes: 420,
    });
  });
});

describe('OpenBadge', () => {
  it('is rendered on the server at the render’s instant, in the site’s zone', () => {
    const mondayMorningIndia = Date.UTC(2026, 10, 23, 4, 45);
    expect(renderToString(badge('Asia/Kolkata', mondayMorningIndia))).toBe(
      '<p class="open-badge is-open"><strong>Open now</strong> · Closes at 6 PM</p>',
    );
    // The same instant is 4:45 AM in London: before opening.
    expect(renderToString(badge('Europe/London', mondayMorningIndia))).toBe(
      '<p class="open-badge is-closed"><strong>Closed</strong> · Opens at 9 AM</p>',
    );
  });

  it('hydrates with the server’s text, then follows the browser’s clock', () => {
    const rendered = Date.UTC(2026, 10, 23, 4, 45); // Monday 10:15 AM IST: open
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.UTC(2026, 10, 27, 20, 0)); // Saturday 1:30 AM IST: Friday's bar is still open
    const html = renderToString(badge('Asia/Kolkata', rendered));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    act(() => {
      hydrateRoot(container, badge('Asia/Kolkata', rendered), { onRecoverableError: (e) => errors.push(e) });
    });
    // No mismatch: the first render used the server's instant; the effect then read the browser's clock.
    expect(errors).toEqual([]);
    expect(html).toContain('Closes at 6 PM');
    expect(container.textContent).toBe('Open now · Closes at 2 AM');
    // A minute later the badge reads the clock again: 2:00 AM Saturday is closing time, and Monday the 30th is a
    // listed closure, so it next opens on Friday night.
    act(() => {
      vi.setSystemTime(Date.UTC(2026, 10, 27, 20, 30));
      vi.advanceTimersByTime(60_000);
    });
    expect(container.textContent).toBe('Closed · Opens Friday 8 PM');
  });

  it('says closed on an exception date and shows nothing without hours', () => {
    // Monday 2026-11-30 11 AM IST is a listed closure.
    expect(renderToString(badge('Asia/Kolkata', Date.UTC(2026, 10, 30, 5, 30)))).toContain('Closed');
    expect(
      renderToString(
        <ServicesProvider value={services('Asia/Kolkata', 0)}>
          <OpenBadge hours={null} />
        </ServicesProvider>,
      ),
    ).toBe('');
  });
});

describe('the badge in the page’s language', () => {
  const change = (inMinutes: number, dayOffset: number, minutes: number) =>
    ({ inMinutes, dayOffset, weekday: 'mon', minutes }) as const;
  const statuses: TOpenStatus[] = [
    { open: true, allDay: true },
    { open: true, allDay: false, closes: change(120, 0, 18 * 60) },
    { open: true, allDay: false, closes: change(300, 1, 2 * 60 + 30) },
    { open: true, allDay: false, closes: change(2000, 2, 9 * 60) },
    { open: false, opens: null },
    { open: false, opens: change(60, 0, 9 * 60) },
    { open: false, opens: change(900, 1, 0) },
    { open: false, opens: change(3000, 3, 12 * 60 + 5) },
    { open: false, opens: change(3000, 3, 20 * 60 + 45) },
  ];

  it('says in English exactly what open-now says (SPEC’s texts)', () => {
    const t = translate(messages, 'en');
    for (const status of statuses) expect(statusText(status, t)).toEqual(openStatusLabel(status));
  });

  it('says the part of the day in Hindi where English says AM or PM', () => {
    addMessages('hi', hindi);
    const t = translate(messages, 'hi');
    expect([0, 5 * 60, 12 * 60 + 30, 18 * 60, 22 * 60].map((m) => clockText(m, t))).toEqual([
      'रात 12 बजे',
      'सुबह 5 बजे',
      'दोपहर 12:30 बजे',
      'शाम 6 बजे',
      'रात 10 बजे',
    ]);
    const html = renderToString(
      <LangProvider lang="hi">
        <ServicesProvider value={services('Asia/Kolkata', Date.UTC(2026, 10, 23, 4, 45))}>
          <OpenBadge hours={HOURS} />
        </ServicesProvider>
      </LangProvider>,
    );
    expect(html).toBe('<p class="open-badge is-open"><strong>अभी खुला है</strong> · शाम 6 बजे बंद होगा</p>');
  });
});

describe('a listing open round the clock (the demo town’s 24×7 chemist)', () => {
  const ALL_DAY = { weekly: Object.fromEntries(WEEK.map((d) => [d, [{ open: '00:00', close: '24:00' }]])) };

  it('is open 24 hours on its badge at any hour, and its days read "Open 24 hours" rather than 12 AM – 12 AM', () => {
    for (const at of [Date.UTC(2026, 10, 22, 18, 31), Date.UTC(2026, 10, 23, 4, 45), Date.UTC(2026, 10, 29, 18, 0)]) {
      expect(
        renderToString(
          <ServicesProvider value={services('Asia/Kolkata', at)}>
            <OpenBadge hours={ALL_DAY} />
          </ServicesProvider>,
        ),
      ).toBe('<p class="open-badge is-open"><strong>Open now</strong> · Open 24 hours</p>');
    }
    const t = translate(messages, 'en');
    expect(dayHoursText(ALL_DAY.weekly.mon, t)).toBe('Open 24 hours');
    expect(dayHoursText([], t)).toBe('Closed');
    expect(
      dayHoursText(
        [
          { open: '10:00', close: '13:00' },
          { open: '17:00', close: '20:00' },
        ],
        t,
      ),
    ).toBe('10 AM – 1 PM, 5 PM – 8 PM');
  });
});
