import type { Page } from 'playwright-core';
import { field, open } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './constants';

/** Who a journey acts as: a token and the user the login answered with. */
export interface Person {
  email: string;
  phone: string;
  password: string;
  token: string;
  /** The user the login answered with (SPEC §3). */
  user: { id: string; name: string; email: string };
}

const post = <T>(baseUrl: string, path: string, body: object) =>
  fetch(`${baseUrl}/api/backend/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => (await r.json()) as { data: T; token?: string });

interface Registered {
  emailVerficationId: string;
  phoneVerficationId: string;
  user: { id: string };
}

/** A verified contributor made through the API, with the codes from the development outbox. */
export async function contributor(baseUrl: string, name = 'Journey Contributor'): Promise<Person> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 10)}`;
  const p = {
    name,
    email: `e2e.${stamp}@example.com`,
    phone: `7${stamp.slice(-9)}`,
    password: 'Secret123',
  };
  const reg = (await post<Registered>(baseUrl, '/user/customer/register', p)).data;
  for (const [id, to] of [
    [reg.emailVerficationId, p.email],
    [reg.phoneVerficationId, `+91${p.phone}`],
  ]) {
    const outbox = await fetch(`${baseUrl}/api/backend/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const code = ((await outbox.json()) as { data: { code: string }[] }).data[0].code;
    await post(baseUrl, '/user/verification/token/validate', { userId: reg.user.id, verificationId: id, token: code });
  }
  return login(baseUrl, p.email, p.password, p.phone);
}

/** The seeded admin of the journeys' servers. */
export const admin = (baseUrl: string) => login(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '');

async function login(baseUrl: string, email: string, password: string, phone: string): Promise<Person> {
  const res = await post<Person['user']>(baseUrl, '/login', { userName: email, password });
  return { email, phone, password, token: res.token as string, user: res.data };
}

/** Puts a person's session where the app keeps it (as signing in does), starting from the home page. */
export async function signInAs(page: Page, baseUrl: string, who: Person) {
  await open(page, `${baseUrl}/`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('chaupal.token', token as string);
      localStorage.setItem('chaupal.user', JSON.stringify(user));
    },
    [who.token, who.user] as const,
  );
}

/** The admin signs in through the header's dialog on the page open, as anyone does. */
export async function adminSignsInFromHeader(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const d = page.locator('dialog[open]');
  await field(d, 'Email/Phone Number').fill(ADMIN_EMAIL);
  await field(d, 'Password').fill(ADMIN_PASSWORD);
  await d.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Login Successfully').waitFor();
}
