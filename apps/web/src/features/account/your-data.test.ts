import { describe, expect, it } from 'vitest';
import { exportFileName } from './your-data';

describe('the "Download my data" file name', () => {
  it('is dated by the site’s calendar, not the browser’s UTC date', () => {
    // 26 Nov 2026, 8 PM UTC: already 27 Nov, 1:30 AM, in India.
    const lateEvening = Date.UTC(2026, 10, 26, 20, 0);
    expect(exportFileName(lateEvening, 'Asia/Kolkata')).toBe('chaupal-data-2026-11-27.json');
    expect(exportFileName(lateEvening, 'UTC')).toBe('chaupal-data-2026-11-26.json');
  });
});
