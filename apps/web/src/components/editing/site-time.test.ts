import { describe, expect, it } from 'vitest';
import { setZoneTable, zoneOffsets } from '../dates';
import { formatPickerTime, instantOfWallClock, wallClockAt } from './site-time';

describe('the publishing-time picker on the site’s clock (SITE_TZ, not the browser’s)', () => {
  it('reads an instant as the site zone’s wall clock, and back', () => {
    expect(wallClockAt(Date.parse('2026-11-26T05:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-26T10:30:00');
    expect(wallClockAt(Date.parse('2026-11-26T20:15:07.900Z'), 'Asia/Kolkata')).toBe('2026-11-27T01:45:07');
    expect(instantOfWallClock('2026-11-26T10:30', 'Asia/Kolkata')).toBe('2026-11-26T05:00:00.000Z');
    expect(instantOfWallClock('2026-11-26T10:30:15', 'Asia/Kolkata')).toBe('2026-11-26T05:00:15.000Z');
    expect(instantOfWallClock('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOfWallClock('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(instantOfWallClock('', 'Asia/Kolkata')).toBeNull();
    expect(instantOfWallClock('26/11/2026 10:30', 'Asia/Kolkata')).toBeNull();
  });

  it('agrees with the zone table the page carries and with Intl', () => {
    const at = Date.parse('2027-03-14T07:30:00Z');
    const byIntl = wallClockAt(at, 'America/Chicago');
    setZoneTable('America/Chicago', zoneOffsets('America/Chicago'));
    expect(wallClockAt(at, 'America/Chicago')).toBe(byIntl);
    expect(instantOfWallClock(byIntl, 'America/Chicago')).toBe(new Date(at).toISOString());
  });

  it('shows a value in SPEC §9’s picker format DD/MM/YYYY h:mm:ss a', () => {
    expect(formatPickerTime('2026-11-26T10:30')).toBe('26/11/2026 10:30:00 am');
    expect(formatPickerTime('2026-11-26T00:05:09')).toBe('26/11/2026 12:05:09 am');
    expect(formatPickerTime('2026-11-26T12:00:00')).toBe('26/11/2026 12:00:00 pm');
    expect(formatPickerTime('2026-11-26T22:30:00', 'hi')).toBe('26/11/2026 10:30:00 अपराह्न');
    expect(formatPickerTime('')).toBe('');
  });
});
