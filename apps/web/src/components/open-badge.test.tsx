// @vitest-environment happy-dom
import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Services, ServicesProvider } from '../app/services';
import { localTimeAt, OpenBadge } from './open-badge';

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
