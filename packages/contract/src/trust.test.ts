import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, ZBeacon, ZReportForm, ZReportStatusBody } from './trust';

const id = '3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f';

describe('ZReportForm', () => {
  it('trims the message, keeps an empty contact as null, and takes every reason', () => {
    for (const reason of REPORT_REASONS) {
      expect(ZReportForm.parse({ kind: 'news', id, reason, message: '  Gone.  ', contact: '  ' })).toEqual({
        kind: 'news',
        id,
        reason,
        message: 'Gone.',
        contact: null,
      });
    }
  });

  it('names the kind, record, reason and overlong fields', () => {
    const r = ZReportForm.safeParse({ kind: 'shop', id: 'x', reason: 'meh', contact: 'c'.repeat(201) });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['kind', 'Choose what you report'],
      ['id', 'Unknown record'],
      ['reason', 'Choose a reason'],
      ['contact', 'At most 200 characters'],
    ]);
  });
});

describe('ZBeacon and ZReportStatusBody', () => {
  it('take only listings, their five events and the three statuses', () => {
    expect(ZBeacon.safeParse({ kind: 'outlet', id, event: 'direction' }).success).toBe(true);
    expect(ZBeacon.safeParse({ kind: 'news', id, event: 'view' }).success).toBe(false);
    expect(ZBeacon.safeParse({ kind: 'expert', id, event: 'share' }).success).toBe(false);
    expect(ZReportStatusBody.safeParse({ status: 'dismissed' }).success).toBe(true);
    expect(ZReportStatusBody.safeParse({ status: 'closed' }).error?.issues[0].message).toBe(
      'Choose new, acted or dismissed',
    );
  });
});
