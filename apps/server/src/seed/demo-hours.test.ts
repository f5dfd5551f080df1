import { openStatus, ZOpeningHours } from '@chaupal/contract';
import { describe, expect, it } from 'vitest';
import { weekOf } from './demo';
import { EXPERTS, OUTLETS } from './demo-content';

/** The demo town's listings that say they never close, by their title or description. */
const roundTheClock = [...OUTLETS, ...EXPERTS].filter((d) =>
  /24\s*[×x]\s*7|24[- ]hours?\b|round-the-clock/i.test(`${d.title} ${d.about}`),
);

describe('the demo town’s opening hours', () => {
  it('gives the 24×7 chemist valid hours that read as open 24 hours at any time of any day', () => {
    expect(roundTheClock.map((d) => d.title)).toEqual(['Lifeline Chemists (24×7)']);
    const [chemist] = roundTheClock;
    const hours = ZOpeningHours.parse({ weekly: weekOf(chemist.week ?? '') });
    expect(Object.values(hours.weekly)).toHaveLength(7);
    for (const date of ['2026-11-23', '2026-11-29']) {
      for (const minutes of [0, 9 * 60, 23 * 60 + 59]) {
        expect(openStatus(hours, { date, minutes }), `${date} ${minutes}`).toEqual({ open: true, allDay: true });
      }
    }
    expect(chemist.hours).toBe('Open 24 hours, every day of the year.');
  });
});
