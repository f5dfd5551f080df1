import { describe, expect, it } from 'vitest';
import { dismissAlert, open, useBrowser } from './browser';

const s = useBrowser('csp');

/** The Content-Security-Policy in a real browser: the site runs under it, and the watcher catches a breach. */
describe('content security policy', () => {
  it('the home page hydrates under its policy, the boot script running by its hash', async () => {
    const page = await s.newPage();
    const res = await open(page, s.url('/'));
    await dismissAlert(page);
    const csp = (await res.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    expect(csp).not.toContain('nonce');
    expect(csp).toContain("frame-ancestors 'self'");
    // The inline boot script ran (it was allowed by its hash): the start plan it wrote is there.
    expect(await page.evaluate(() => typeof (window as { __CHAUPAL_ASSETS__?: unknown }).__CHAUPAL_ASSETS__)).toBe(
      'object',
    );
    // A Hindi page's plan carries Hindi texts: the browser hashes the script's UTF-8 bytes, as the server did.
    const hindi = await s.newPage();
    const hindiCsp = (await (await open(hindi, s.url('/?lang=hi'))).allHeaders())['content-security-policy'];
    expect(hindiCsp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    expect(hindiCsp).not.toBe(csp);
    expect(await hindi.evaluate(() => typeof (window as { __CHAUPAL_ASSETS__?: unknown }).__CHAUPAL_ASSETS__)).toBe(
      'object',
    );
    s.expectNoErrors();
  });

  it('blocks a foreign image and an injected inline script, and the journeys see both', async () => {
    const page = await s.newPage();
    await open(page, s.url('/'));
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://tracker.example.com/pixel.gif';
      document.body.append(img);
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    const csp = s.problems().filter((p) => p.kind === 'csp');
    expect(csp.some((p) => /img-src|tracker\.example\.com/.test(p.text))).toBe(true);
    expect(csp.some((p) => /script-src|inline/.test(p.text))).toBe(true);
    // Nothing else went wrong; the image request was refused by the browser ("csp"), never sent.
    expect(s.problems()).toContainEqual(
      expect.objectContaining({ kind: 'requestfailed', text: expect.stringMatching(/pixel\.gif: csp$/) }),
    );
    s.expectNoErrors((p) => p.kind === 'csp' || p.text.includes('https://tracker.example.com/pixel.gif'));
  });
});
