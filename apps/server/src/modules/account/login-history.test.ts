import { LOGIN_HISTORY_MAX } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { agentFamily, loginHistory, recordLogin } from './login-history';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('login history', () => {
  it('names the browser family only: no version, no device', () => {
    expect(agentFamily(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(agentFamily(MAC_SAFARI)).toBe('Safari on macOS');
    expect(agentFamily(undefined)).toBe('Unknown browser');
    expect(agentFamily('curl/8.5.0')).toBe('Unknown browser');
  });

  it(`keeps the newest ${LOGIN_HISTORY_MAX} sign-ins of an account, and only its own`, async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    await recordLogin(t.db, other.id, MAC_SAFARI);
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < LOGIN_HISTORY_MAX + 5; i += 1)
      await recordLogin(t.db, user.id, ANDROID_CHROME, new Date(start + i * 60_000));
    const rows = await t.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id));
    expect(rows).toHaveLength(LOGIN_HISTORY_MAX);
    const history = await loginHistory(t.db, user.id);
    expect(history[0]).toEqual({
      at: new Date(start + (LOGIN_HISTORY_MAX + 4) * 60_000).toISOString(),
      agent: 'Chrome on Android',
    });
    expect(history.at(-1)?.at).toBe(new Date(start + 5 * 60_000).toISOString());
    expect(await loginHistory(t.db, other.id)).toEqual([{ at: expect.any(String), agent: 'Safari on macOS' }]);
  });
});
