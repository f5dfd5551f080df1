import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MESSAGES, ZErrorBody } from '@chaupal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../db/schema';
import { badTextPath } from '../platform/input-guard';
import { makePolicy, makeUser } from '../seed/factories';
import { multipartBody, type TestContext, testApp } from './harness';
import { buildWorld, type TWorld } from './world';

/**
 * Whatever a client sends, the answer is never a 5xx, and every 4xx of the API carries the SPEC §8 body.
 * The suite walks the OpenAPI document and sends every operation the bad-input corpus (NUL bytes and lone
 * surrogates in the query, the path and JSON, 1 MB strings, deep JSON, wrong types, negative and huge pages,
 * malformed bodies), signed in as the caller that gets past the operation's guard and anonymously; then multipart
 * bodies, the router's and the HTTP parser's own errors, and server-rendered pages.
 */

const API = '/api/backend/v1';
const WEB_DIST = fileURLToPath(new URL('../../../web/dist/server/entry-server.js', import.meta.url));

interface TParam {
  name: string;
  in: 'path' | 'query';
  schema: TSchema;
}
interface TSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  items?: TSchema;
  minItems?: number;
  properties?: Record<string, TSchema>;
  anyOf?: TSchema[];
  default?: unknown;
}
interface TOperation {
  method: string;
  path: string;
  params: TParam[];
  body?: TSchema;
  secured: boolean;
}
interface TCase {
  label: string;
  request: InjectOptions;
  /** A stricter check than "below 500 and SPEC §8", e.g. the status and the parameter named in `details`. */
  expect?: (res: LightMyRequestResponse) => string | undefined;
}

let t: TestContext;
let w: TWorld;
let adminToken: string;
let contributorToken: string;
/** A second contributor for the profile calls, whose cases may change its own account. */
let profileToken: string;
let valid: Record<string, string>;
let operations: TOperation[];

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '10000' });
  w = await buildWorld(t.db);
  const admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  const contributor = await makeUser(t.db, { name: 'Carla Contributor' });
  const profile = await makeUser(t.db, { name: 'Pia Profile' });
  adminToken = await t.app.tokens.issue(admin);
  contributorToken = await t.app.tokens.issue(contributor);
  profileToken = await t.app.tokens.issue(profile);

  const auth = { authorization: `Bearer ${contributorToken}` };
  const adminAuth = { authorization: `Bearer ${adminToken}` };
  const base = { circles: [w.circles.north.id], blocks: [w.blocks.market.id], metaTitle: 'Meta' };
  const created = async (url: string, payload: object, headers = auth) => {
    const res = await t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };
  const policy = await makePolicy(t.db, { type: 1, title: 'Privacy' });
  valid = {
    expert: await created('/expert/add', {
      ...base,
      title: 'Dr. Kavya Nair',
      services: [w.services.doctors.id],
      call_now: '+91 98765 43210',
      description: '<p>Family physician.</p>',
    }),
    outlet: await created('/outlet/add', {
      ...base,
      title: 'Gupta Kirana',
      categories: [w.categories.grocery.id],
      call_now: '9876543210',
      description: '<p>Daily needs.</p>',
    }),
    news: await created('/news/add', {
      ...base,
      title: 'Market road resurfaced',
      editionId: w.editions.city.id,
      location: 'Market',
      language: 'en',
      reporter: 'R. Das',
      content: '<p>The road is smooth again.</p>',
    }),
    feature: await created('/blog', {
      ...base,
      title: 'Kulfi by the river',
      publishing_Page: w.pages.food.id,
      language: 'en',
      author: 'M. Sen',
      location: 'Riverside',
      content: '<p>Cold and sweet.</p>',
    }),
    banner: (await t.db.insert(banners).values({ image: '/uploads/ab/banner.png', title: 'Banner' }).returning())[0].id,
    policy: policy.id,
    contributor: contributor.id,
  };
  const contact = await t.app.inject({
    method: 'POST',
    url: `${API}/contact_request/add`,
    ...(await multipartBody([
      ['name', 'Ravi Kumar'],
      ['email', 'ravi@example.com'],
      ['phone', '9876543210'],
      ['message', 'Please list my shop.'],
    ])),
  });
  expect(contact.statusCode).toBe(200);
  const requests = await t.app.inject({ method: 'GET', url: `${API}/admin/contact-requests`, headers: adminAuth });
  valid.contactRequest = (requests.json() as { data: { id: string }[] }).data[0].id;

  operations = readOperations();
}, 120_000);
afterAll(() => t?.close());

/** Every operation of the OpenAPI document the app serves. */
function readOperations(): TOperation[] {
  type TDoc = {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: TParam[];
          requestBody?: { content?: Record<string, { schema: TSchema }> };
          security?: unknown[];
        }
      >
    >;
  };
  const doc = (t.app as unknown as { swagger(): TDoc }).swagger();
  const ops: TOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    // The pages the document lists (the web app's catch-all) have their own cases below.
    if (!path.startsWith(`${API}/`)) continue;
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        secured: Boolean(op.security?.length),
      });
    }
  }
  return ops;
}

/** The token that gets past an operation's guard, so the input reaches the validation and the database. */
function tokenFor(op: TOperation): string | undefined {
  if (!op.secured && !op.path.includes('/user/profile')) return undefined;
  if (op.path.startsWith(`${API}/admin/`)) return adminToken;
  if (op.path.includes('/user/profile')) return profileToken;
  return contributorToken;
}

/** A value of a path parameter that names an existing record, so the cases on the other inputs reach the database. */
function validParam(path: string, name: string): string {
  if (name === 'kind') return 'expert';
  const table: [RegExp, () => string][] = [
    [/\/admin\/circles\//, () => w.circles.north.id],
    [/\/admin\/blocks\//, () => w.blocks.market.id],
    [/\/admin\/services\//, () => w.services.doctors.id],
    [/\/admin\/categories\//, () => w.categories.grocery.id],
    [/\/admin\/editions\//, () => w.editions.city.id],
    [/\/admin\/pages\//, () => w.pages.food.id],
    [/\/admin\/policies\//, () => valid.policy],
    [/\/admin\/banners\//, () => valid.banner],
    [/\/admin\/contact-requests\//, () => valid.contactRequest],
    [/\/admin\/users\//, () => w.users.alice.id],
    [/\/admin\/records\//, () => valid.expert],
    [/\/services\/view\//, () => w.services.doctors.slug],
    [/\/categories\/view\//, () => w.categories.grocery.slug],
    [/\/editions\/view\//, () => w.editions.city.slug],
    [/\/pages\//, () => w.pages.food.slug],
    [/\/policy\/view\//, () => valid.policy],
    [/\/experts\/slug\//, () => w.expert.slug],
    [/\/outlets\/slug\//, () => w.outlet.slug],
    [/\/newss\/slug\//, () => w.news.slug],
    [/\/blog\/slug\//, () => w.feature.slug],
    [/\/expert\//, () => valid.expert],
    [/\/outlet\//, () => valid.outlet],
    [/\/news\//, () => valid.news],
    [/\/blog\//, () => valid.feature],
    [/\/user\/\{id\}/, () => valid.contributor],
  ];
  return table.find(([re]) => re.test(path))?.[1]() ?? randomUUID();
}

const urlOf = (op: TOperation, path: Record<string, string> = {}, query = '') =>
  op.path.replace(/\{(\w+)\}/g, (_m, name: string) => path[name] ?? encodeURIComponent(validParam(op.path, name))) +
  (query ? `?${query}` : '');

/** A value the schema accepts, for the fields a case leaves alone. */
function example(name: string, s: TSchema): unknown {
  if (s.anyOf) return example(name, s.anyOf[0]);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, example(k, v)]));
  }
  if (s.format === 'uuid') return randomUUID();
  if (s.pattern?.startsWith('^[a-z0-9]+')) return `bad-input-${Math.random().toString(36).slice(2, 8)}`;
  if (/password/i.test(name)) return 'Secret123';
  if (/email/i.test(name)) return 'someone@example.com';
  if (/phone|num/i.test(name)) return '9876543210';
  if (/link|url|image|logo/i.test(name)) return 'https://example.com/a';
  if (name === 'circles') return [w.circles.north.id];
  return 'Some text';
}

/** The JSON bodies of the contributor forms (their OpenAPI entry documents no body: they also take multipart). */
function formBody(op: TOperation): Record<string, unknown> | undefined {
  const base = { circles: [w.circles.north.id], blocks: [w.blocks.market.id], title: 'A title', metaTitle: 'Meta' };
  if (/\/expert\/(add|edit)/.test(op.path))
    return { ...base, services: [w.services.doctors.id], call_now: '9876543210', description: '<p>x</p>' };
  if (/\/outlet\/(add|edit)/.test(op.path))
    return { ...base, categories: [w.categories.grocery.id], call_now: '9876543210', description: '<p>x</p>' };
  if (/\/news\/(add|edit)/.test(op.path))
    return {
      ...base,
      editionId: w.editions.city.id,
      location: 'M',
      language: 'en',
      reporter: 'R',
      content: '<p>x</p>',
    };
  if (/\/blog(\/\{id\})?$/.test(op.path) && op.method !== 'GET' && op.method !== 'DELETE')
    return {
      ...base,
      publishing_Page: w.pages.food.id,
      language: 'en',
      author: 'M',
      location: 'R',
      content: '<p>x</p>',
    };
  if (op.path.endsWith('/contact_request/add'))
    return { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210', message: 'Hello' };
  return undefined;
}

const MB = 'x'.repeat(1024 * 1024);
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const BAD_STRINGS: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone NUL', '\u0000'],
  ['lone surrogate', '\ud800'],
  ['trailing surrogate', 'a\udc00'],
  ['number', 12345],
  ['object', { $gt: '' }],
  ['array of NUL', ['a\u0000b']],
  ['null', null],
  ['boolean', true],
];
const BAD_ARRAYS: [string, unknown][] = [
  ['NUL item', ['a\u0000b']],
  ['NUL id', [`${randomUUID().slice(0, 35)}\u0000`]],
  ['surrogate item', ['\ud800']],
  ['not an id', ['not-an-id']],
  ['nil uuid', ['00000000-0000-0000-0000-000000000000']],
  ['blank item', [' ']],
  ['object item', [{ id: 'x' }]],
  ['nested array', [['x']]],
  ['string', 'a\u0000b'],
  ['10k items', Array.from({ length: 10_000 }, () => randomUUID())],
];
const BAD_NUMBERS: [string, unknown][] = [
  ['negative', -1],
  ['huge', 1e308],
  ['beyond int', 2 ** 53],
  ['fraction', 1.5],
  ['numeric string', '12abc'],
  ['NUL string', '1\u0000'],
];

/** The query, path and JSON cases of one operation. */
function casesOf(op: TOperation): TCase[] {
  const token = tokenFor(op);
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const method = op.method as InjectOptions['method'];
  const cases: TCase[] = [];
  const add = (label: string, request: Omit<InjectOptions, 'method'>) =>
    cases.push({
      label: `${op.method} ${op.path} ${label}`,
      request: { method, ...request, headers: { ...headers, ...request.headers } },
    });

  for (const p of op.params.filter((x) => x.in === 'path')) {
    const raw = [
      '%00',
      'a%00b',
      '%20',
      '%09',
      '%2e%2e',
      '-1',
      '99999999999999999999',
      'x'.repeat(201),
      'x'.repeat(600),
      '%E0%A4%A',
      '%ED%A0%80',
      '%F0%9F%98%80',
      "'%22%3Cscript%3E",
      randomUUID(),
    ];
    for (const v of raw) add(`path ${p.name}=${v.slice(0, 20)}`, { url: urlOf(op, { [p.name]: v }) });
  }

  const query = op.params.filter((x) => x.in === 'query');
  for (const p of query) {
    const name = encodeURIComponent(p.name);
    const raw = ['%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(201)];
    // Negative, zero, huge, fractional and non-numeric pages; the other parameters are text and take any of these.
    if (p.schema.type === 'integer') raw.push('-1', '0', '99999999999999999999', '1e400', '1.5', 'abc', '', '%201');
    if (p.schema.enum) raw.push('bogus');
    for (const v of raw) add(`query ${p.name}=${v.slice(0, 20)}`, { url: urlOf(op, {}, `${name}=${v}`) });
    add(`query ${p.name} twice`, { url: urlOf(op, {}, `${name}=a&${name}=b%00`) });
    add(`query ${p.name}[] NUL`, { url: urlOf(op, {}, `${name}[]=%00`) });
  }
  if (query.length) {
    const first = encodeURIComponent(query[0].name);
    add('query 1 MB', { url: urlOf(op, {}, `${first}=${MB}`) });
    add('query nested', { url: urlOf(op, {}, `${first}[x][y]=1`) });
    add('query NUL name', { url: urlOf(op, {}, '%00=1') });
    add('query __proto__', { url: urlOf(op, {}, '__proto__[x]=1&constructor[prototype][x]=1') });
  }

  if (op.method === 'GET' || op.method === 'DELETE') return cases;
  const schema = op.body;
  const body = (schema ? (example('', { type: 'object', properties: schema.properties }) as object) : undefined) ??
    formBody(op) ?? { title: 'A title' };
  const json = (label: string, payload: unknown) =>
    add(`json ${label}`, {
      url: urlOf(op),
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
  const fields = Object.entries(body);
  const props = schema?.properties ?? {};
  for (const [name, value] of fields) {
    const s = props[name] ?? { type: Array.isArray(value) ? 'array' : typeof value };
    const bad =
      s.type === 'array' ? BAD_ARRAYS : s.type === 'integer' || s.type === 'number' ? BAD_NUMBERS : BAD_STRINGS;
    for (const [label, v] of bad) json(`${name}: ${label}`, { ...body, [name]: v });
  }
  if (fields.length) json(`${fields[0][0]}: 1 MB`, { ...body, [fields[0][0]]: MB.slice(0, 1_000_000) });
  json('NUL key', { ...body, 'a\u0000': 'x' });
  json('array body', [body]);
  json('string body', 'a\u0000b');
  json('number body', 1);
  json('null body', null);
  json('__proto__', JSON.parse(`{"__proto__": {"admin": true}, "title": "x"}`));
  add('json deep', { url: urlOf(op), payload: deepJson(5_000), headers: { 'content-type': 'application/json' } });
  add('json very deep', {
    url: urlOf(op),
    payload: '['.repeat(200_000),
    headers: { 'content-type': 'application/json' },
  });
  add('json malformed', { url: urlOf(op), payload: '{"title": "x"', headers: { 'content-type': 'application/json' } });
  add('json empty', { url: urlOf(op), payload: '', headers: { 'content-type': 'application/json' } });
  add('json raw NUL', {
    url: urlOf(op),
    payload: '{"title": "a\u0000b"}',
    headers: { 'content-type': 'application/json' },
  });
  add('json invalid utf-8', {
    url: urlOf(op),
    payload: Buffer.concat([Buffer.from('{"title": "'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]),
    headers: { 'content-type': 'application/json' },
  });
  add('json over 1 MiB', {
    url: urlOf(op),
    payload: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }),
    headers: { 'content-type': 'application/json' },
  });
  add('json charset latin1', {
    url: urlOf(op),
    payload: '{}',
    headers: { 'content-type': 'application/json; charset=latin1' },
  });
  add('text/plain', { url: urlOf(op), payload: 'title=x', headers: { 'content-type': 'text/plain' } });
  add('urlencoded', {
    url: urlOf(op),
    payload: 'title=a%00b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  add('xml', { url: urlOf(op), payload: '<a/>', headers: { 'content-type': 'application/xml' } });
  add('bad content type', { url: urlOf(op), payload: '{}', headers: { 'content-type': ';;;' } });
  return cases;
}

/** What is wrong with an answer to bad input, if anything. */
function problem(req: InjectOptions, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode < 400 || !String(req.url).startsWith('/api/')) return undefined;
  if (!String(res.headers['content-type']).startsWith('application/json')) return `${res.statusCode} not JSON`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} unreadable JSON ${res.body.slice(0, 80)}`;
  }
  const parsed = ZErrorBody.strict().safeParse(body);
  if (!parsed.success || !parsed.data.error || parsed.data.details?.some((d) => !d.parameter || !d.errors.length))
    return `${res.statusCode} not SPEC §8: ${res.body.slice(0, 160)}`;
  return undefined;
}

/** Sends the cases a few at a time and lists every answer that breaks the rules. */
async function probe(cases: TCase[], concurrency = 8): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < cases.length; i += concurrency) {
    await Promise.all(
      cases.slice(i, i + concurrency).map(async (c) => {
        const res = await t.app.inject(c.request);
        const wrong = problem(c.request, res) ?? c.expect?.(res);
        if (wrong) failures.push(`${c.label}: ${wrong}`);
      }),
    );
  }
  return failures;
}

/** A 400 whose details name the parameter. */
const names =
  (parameter: string) =>
  (res: LightMyRequestResponse): string | undefined => {
    if (res.statusCode !== 400) return `expected 400 naming ${parameter}, got ${res.statusCode}`;
    const details = (JSON.parse(res.body) as { details?: { parameter: string }[] }).details ?? [];
    return details.some((d) => d.parameter === parameter)
      ? undefined
      : `expected details naming ${parameter}: ${res.body.slice(0, 160)}`;
  };

describe('bad input', () => {
  it('finds the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(25);
    // The drafts desk, reviews and search are in the document, so the corpus below reaches them too.
    const paths = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`));
    for (const op of [
      'POST /previews',
      'GET /preview/:token',
      'GET /revisions/:kind/:id',
      'POST /revisions/:kind/:id/:revisionId/restore',
      'POST /reviews/:kind/:id',
      'PUT /reviews/:kind/:id/:reviewId/reply',
      'POST /reviews/:kind/:id/:reviewId/helpful',
      'GET /search',
    ])
      expect(paths, op).toContain(op.replace(' /', ` ${API}/`));
  });

  it('every operation answers bad query, path and JSON input below 500, with the SPEC §8 body', async () => {
    const cases = operations.flatMap(casesOf);
    expect(cases.length).toBeGreaterThan(3000);
    expect(await probe(cases)).toEqual([]);
  }, 120_000);

  it('anonymous and wrong-role callers get a SPEC §8 4xx whatever they send (admin routes: 401/403 first)', async () => {
    const cases: TCase[] = [];
    for (const op of operations.filter((o) => o.secured)) {
      for (const [who, headers] of [
        ['anonymous', {}],
        ['garbage token', { authorization: 'Bearer a\u0001b' }],
        ['contributor', op.path.startsWith(`${API}/admin/`) ? { authorization: `Bearer ${contributorToken}` } : {}],
      ] as const) {
        const label = `${op.method} ${op.path} as ${who}`;
        const request = {
          method: op.method as 'GET',
          url: urlOf(op, Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, '%00']))),
          headers,
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: { title: 'a\u0000b' } }),
        };
        cases.push({
          label,
          request,
          // Admin routes refuse the caller before reading anything; the others check their input first.
          expect: (res) =>
            (op.path.startsWith(`${API}/admin/`) ? [401, 403] : [400, 401, 403]).includes(res.statusCode)
              ? undefined
              : `expected 401 or 403, got ${res.statusCode}`,
        });
      }
    }
    expect(await probe(cases)).toEqual([]);
  });

  it('refuses a NUL byte or a lone surrogate wherever text reaches the database, naming the parameter', async () => {
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const cases: TCase[] = [];
    const get = (url: string, parameter: string, token?: string) =>
      cases.push({
        label: `GET ${url}`,
        request: { method: 'GET', url: `${API}${url}`, headers: token ? as(token) : {} },
        expect: names(parameter),
      });
    const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, parameter: string, token: string) =>
      cases.push({
        label: `${method} ${url} ${JSON.stringify(payload).slice(0, 60)}`,
        request: { method, url: `${API}${url}`, payload, headers: as(token) },
        expect: names(parameter),
      });
    for (const list of [
      '/services/view',
      '/categories/view',
      '/editions/view',
      '/pages',
      '/circles/view',
      '/blocks/view',
      '/experts/view',
      '/outlets/view',
      '/newss/view',
      '/blog',
      '/policy/viewall/public',
    ]) {
      get(`${list}?q=%00`, 'q');
      get(`${list}?q=a%00b`, 'q');
    }
    for (const list of ['/admin/records', '/admin/moderation', '/admin/users', '/admin/circles', '/admin/policies'])
      get(`${list}?q=a%00b`, 'q', adminToken);
    get('/experts/get/user?q=a%00b', 'q', contributorToken);
    get('/blocks/view?circles[]=%00', 'circles');
    get('/services/view/%00', 'id');
    get('/pages/a%00b', 'id');
    get('/experts/slug/%00', 'slug');
    get('/blog/slug/a%00', 'slug');
    get('/policy/view/%00/public', 'id');
    get(`/admin/records/expert/%00`, 'id', adminToken);
    get('/expert/view/%00', 'id', contributorToken);
    send('POST', '/admin/services', { title: 'a\u0000b' }, 'title', adminToken);
    send(
      'PUT',
      `/admin/services/${w.services.doctors.id}`,
      { title: 'Doctors', description: 'x\u0000' },
      'description',
      adminToken,
    );
    send(
      'POST',
      '/admin/blocks',
      { name: 'Block', circles: [w.circles.north.id, 'a\u0000b'] },
      'circles.1',
      adminToken,
    );
    send('PUT', '/admin/home/site', { siteName: '\ud800' }, 'siteName', adminToken);
    send('PUT', '/admin/home/site', { siteName: 'a\udc00b' }, 'siteName', adminToken);
    send('POST', '/expert/add', { title: 'a\u0000b', circles: [w.circles.north.id] }, 'title', contributorToken);
    send(
      'POST',
      '/news/add',
      { title: 'News', circles: [w.circles.north.id], blocks: [`${w.blocks.market.id}\u0000`] },
      'blocks.0',
      contributorToken,
    );
    send(
      'PUT',
      '/user/profile/update',
      { name: 'a\u0000b', email: 'x@example.com', phone: '9876543210' },
      'name',
      profileToken,
    );
    send('POST', '/login', { userName: 'a\u0000@example.com', password: 'Secret123' }, 'userName', contributorToken);
    expect(await probe(cases)).toEqual([]);
  });

  it('keeps text PostgreSQL can store: emoji (surrogate pairs) and other scripts pass the guard', async () => {
    const site = await t.app.inject({
      method: 'PUT',
      url: `${API}/admin/home/site`,
      payload: { siteName: 'Chaupal 😀 चौपाल' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(site.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `${API}/experts/view?q=${encodeURIComponent('😀 चौपाल')}` });
    expect(list.statusCode).toBe(200);
  });

  it('names the first bad text by its path, however deep the JSON', () => {
    expect(badTextPath({ title: 'ok', circles: ['a', 'b\u0000'] })).toBe('circles.1');
    expect(badTextPath({ 'tags[]': ['\ud800'] })).toBe('tags.0');
    expect(badTextPath({ 'a\u0000': 1 })).toBe('a\ufffd');
    expect(badTextPath({ emoji: '😀', hindi: 'चौपाल' })).toBeUndefined();
    let deep: unknown = 'x\udc00';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    expect(badTextPath(deep)?.split('.').length).toBe(20_000);
  });

  it('multipart: NUL in values, names and file names, and malformed bodies are refused below 500', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const targets = operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method) && !o.body);
    expect(targets.map((o) => `${o.method} ${o.path}`)).toContain(`POST ${API}/contact_request/add`);
    const cases: TCase[] = [];
    for (const op of targets) {
      const token = tokenFor(op);
      const auth = token ? { authorization: `Bearer ${token}` } : {};
      const fields = Object.entries(formBody(op) ?? { title: 'A title' }).flatMap(([k, v]) =>
        Array.isArray(v)
          ? v.map((x) => [`${k}[]`, String(x)] as [string, string])
          : [[k, String(v)] as [string, string]],
      );
      const form = async (label: string, entries: Parameters<typeof multipartBody>[0]) => {
        const body = await multipartBody(entries);
        cases.push({
          label: `${op.method} ${op.path} multipart ${label}`,
          request: {
            method: op.method as 'POST',
            url: urlOf(op),
            payload: body.payload,
            headers: { ...auth, ...body.headers },
          },
        });
        return body;
      };
      const raw = (label: string, payload: Buffer | string, contentType: string) =>
        cases.push({
          label: `${op.method} ${op.path} multipart ${label}`,
          request: {
            method: op.method as 'POST',
            url: urlOf(op),
            payload,
            headers: { ...auth, 'content-type': contentType },
          },
        });
      await form(
        'NUL value',
        fields.map(([k, v], i) => [k, i === 0 ? `a\u0000${v}` : v]),
      );
      await form('NUL field name', [...fields, ['ti\u0000tle', 'x']]);
      await form('NUL file name', [...fields, ['file', { filename: '😀\u0000.png', bytes: png, type: 'image/png' }]]);
      await form('NUL item', [...fields, ['circles[]', '\u0000']]);
      await form('1 MB value', [...fields, ['title', MB.slice(0, 1_000_000)]]);
      const ok = await form('valid fields', fields);
      const boundary = /boundary=(.+)$/.exec(ok.headers['content-type'])?.[1] ?? '';
      raw('no boundary', ok.payload, 'multipart/form-data');
      raw('wrong boundary', ok.payload, 'multipart/form-data; boundary=nope');
      raw('truncated', ok.payload.subarray(0, Math.floor(ok.payload.length / 2)), ok.headers['content-type']);
      raw('empty', Buffer.alloc(0), ok.headers['content-type']);
      raw('garbage', Buffer.from('\u0000\u0001garbage'), ok.headers['content-type']);
      raw(
        'invalid utf-8 value',
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
          Buffer.from([0xed, 0xa0, 0x80, 0x00]),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        ok.headers['content-type'],
      );
    }
    expect(await probe(cases, 4)).toEqual([]);
  });

  it("answers the router's own errors with the SPEC §8 body", async () => {
    const cases: TCase[] = [
      {
        label: 'bad percent-encoding',
        request: { method: 'GET', url: `${API}/experts/slug/%E0%A4%A` },
        expect: names('url'),
      },
      {
        label: 'encoded surrogate',
        request: { method: 'GET', url: `${API}/experts/slug/%ED%A0%80` },
        expect: names('url'),
      },
      {
        label: 'over-long parameter',
        request: {
          method: 'PATCH',
          url: `${API}/admin/users/${'x'.repeat(600)}`,
          headers: { authorization: `Bearer ${adminToken}` },
        },
        expect: names('url'),
      },
      {
        label: 'unknown path',
        request: { method: 'GET', url: `${API}/nothing/here` },
        expect: (res) => (res.statusCode === 404 ? undefined : `expected 404, got ${res.statusCode}`),
      },
      {
        label: 'unknown method',
        request: { method: 'PROPFIND' as 'GET', url: `${API}/home` },
        expect: (res) => (res.statusCode === 404 ? undefined : `expected 404, got ${res.statusCode}`),
      },
      {
        label: 'malformed JSON',
        request: {
          method: 'POST',
          url: `${API}/login`,
          payload: '{"userName":',
          headers: { 'content-type': 'application/json' },
        },
        expect: names('body'),
      },
      {
        label: 'wrong content type',
        request: {
          method: 'POST',
          url: `${API}/login`,
          payload: '<a/>',
          headers: { 'content-type': 'application/xml' },
        },
        expect: (res) => (res.statusCode === 415 ? undefined : `expected 415, got ${res.statusCode}`),
      },
    ];
    const xml = await t.app.inject(cases[cases.length - 1].request);
    expect(xml.json()).toEqual({
      success: false,
      error: 'That request body format is not accepted.',
      details: [{ parameter: 'content-type', errors: ['Send application/json'] }],
    });
    expect(await probe(cases)).toEqual([]);
  });

  it("answers the HTTP parser's errors (431, malformed request) with the SPEC §8 body", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (d) => {
          answer += d.toString('latin1');
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

    const big = await raw(`GET ${API}/home HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(ZErrorBody.strict().parse(bodyOf(big)).success).toBe(false);

    const broken = await raw(`GET ${API}/home HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`);
    expect(broken.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(broken)).toMatchObject({ success: false, error: expect.any(String) });
    expect(ZErrorBody.strict().safeParse(bodyOf(broken)).success).toBe(true);
  });

  describe('server-rendered pages', () => {
    it('the web app is built (npm test builds it first; run `npm run build` before running this file alone)', () => {
      expect(existsSync(WEB_DIST)).toBe(true);
    });

    it('the page forms (contact, report) answer bad input with a 4xx, never a redirect to "sent" or a 5xx', async () => {
      const cases: TCase[] = [];
      let client = 0;
      const post = (label: string, url: string, payload: Buffer | string, headers: Record<string, string>) =>
        cases.push({
          label: `POST ${url} ${label}`,
          // A client address each, so the forms' rate limits answer none of them instead of the form.
          request: { method: 'POST', url, payload, headers, remoteAddress: `10.9.${client >> 8}.${client++ & 255}` },
          expect: (res) =>
            res.statusCode >= 400 && res.statusCode < 500
              ? undefined
              : `expected a 4xx, got ${res.statusCode} ${res.headers.location ?? ''}`,
        });
      const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const url of [`/report/outlet/${w.outlet.id}`, `/report/expert/${w.expert.id}`]) {
        post('NUL value', url, 'reason=%00&message=Wrong+number', urlencoded);
        post('NUL name', url, 're%00ason=spam&message=x', urlencoded);
        // (Percent-encoded bytes that are not UTF-8, such as a lone surrogate's, decode to U+FFFD: that is text.)
        post('bad percent-encoding', url, 'reason=%E0%A4%A&message=%%%', urlencoded);
        post('empty', url, '', urlencoded);
        post('1 MB message', url, `reason=spam&message=${'x'.repeat(1_000_000)}`, urlencoded);
        post('JSON objects for fields', url, '{"reason":{"a":1},"message":["x"]}', {
          'content-type': 'application/json',
        });
        post('plain text', url, 'reason=spam', { 'content-type': 'text/plain' });
        post('spoofed X-Forwarded-For', url, 'reason=%00', { ...urlencoded, 'x-forwarded-for': '1.2.3.4, \u0000' });
      }
      post('unknown kind', '/report/nothing/1', 'reason=spam&message=x', urlencoded);
      post('NUL id', '/report/outlet/%00', 'reason=spam&message=x', urlencoded);
      post('id of nothing', `/report/outlet/${randomUUID()}`, 'reason=spam&message=x', urlencoded);

      const fields: [string, string][] = [
        ['name', 'Asha'],
        ['email', 'asha@example.com'],
        ['mobile', '9876543210'],
        ['message', 'Hello'],
      ];
      const form = async (label: string, entries: Parameters<typeof multipartBody>[0]) => {
        const body = await multipartBody(entries);
        post(`multipart ${label}`, '/contact', body.payload, body.headers);
        return body;
      };
      await form(
        'NUL value',
        fields.map(([k, v], i) => [k, i === 0 ? `a\u0000${v}` : v]),
      );
      await form('NUL field name', [...fields, ['na\u0000me', 'x']]);
      await form('NUL file name', [...fields, ['file', { filename: '\u0000.pdf', bytes: Buffer.from('%PDF-1.4') }]]);
      await form('1 MB value', [...fields, ['message', 'x'.repeat(1_000_000)]]);
      const ok = await multipartBody(fields);
      const type = ok.headers['content-type'];
      post('no boundary', '/contact', ok.payload, { 'content-type': 'multipart/form-data' });
      post('wrong boundary', '/contact', ok.payload, { 'content-type': 'multipart/form-data; boundary=nope' });
      post('truncated', '/contact', ok.payload.subarray(0, Math.floor(ok.payload.length / 2)), {
        'content-type': type,
      });
      post('empty', '/contact', Buffer.alloc(0), { 'content-type': type });
      post('garbage', '/contact', Buffer.from('\u0000\u0001garbage'), { 'content-type': type });
      post('urlencoded', '/contact', 'name=%00', urlencoded);
      post('30 MB', '/contact', Buffer.alloc(30 * 1024 * 1024, 97), { 'content-type': type });
      expect(await probe(cases, 4)).toEqual([]);
    });

    it('a page whose slug names nothing is the 404 not-found page, never a 5xx', async () => {
      const long = 'x'.repeat(201);
      const notFound = [
        '/experts/%20',
        '/experts/%00',
        '/experts/a%00b',
        `/experts/${long}`,
        '/experts/%ED%A0%80x',
        '/experts/%E0%A4%A',
        `/experts/${'x'.repeat(600)}`,
        '/experts/%F0%9F%98%80',
        '/outlets/%00',
        '/news/%00',
        `/news/${long}`,
        '/news/%20%20',
        '/article/%00',
        '/article/%2e%2e%2f%2e%2e',
        '/service/%00',
        '/service/%20',
        `/service/${long}`,
        '/category/%00',
        '/category/%00/%00',
        '/edition/%00',
        '/page/%00',
        '/policy/%00',
        `/policy/${long}`,
        '/nothing/%00',
        '/%00',
      ];
      const alive = [
        // A parent that exists with a circle in the path that names none: its list page, saying no such place is
        // known (an unknown circle finds nothing), not the 404 page.
        `/category/${w.categories.grocery.slug}/%00`,
        `/edition/${w.editions.city.slug}/${long}`,
        `/page/${w.pages.food.slug}/%00`,
        `/service/${w.services.doctors.slug}?q=%00`,
        `/service/${w.services.doctors.slug}?q=a%00b`,
        `/service/${w.services.doctors.slug}?page=-1`,
        `/service/${w.services.doctors.slug}?page=99999999999999999999`,
        `/service/${w.services.doctors.slug}?page=1e400`,
        `/service/${w.services.doctors.slug}?q=${'x'.repeat(300)}`,
        `/service/${w.services.doctors.slug}?circleName=%00&blockName=%00`,
        `/category/${w.categories.grocery.slug}?blockName=%ED%A0%80`,
        '/?q=%00',
        '/services?%00=1',
        '/about?x=%E0%A4%A',
        '/sitemaps/experts-%00.xml',
        '/rss/edition/%00.xml',
        '/uploads/%00',
        '/uploads/..%2f..%2fetc%2fpasswd',
        '/assets/%00',
        '/api/docs/%00',
        '/api/docs/%E0%A4%A',
        '/uploads/%E0%A4%A',
      ];
      // Out-of-range and malformed points with sort=near on every list page, and on a list within a circle.
      const lists = [
        `/service/${w.services.doctors.slug}`,
        `/category/${w.categories.grocery.slug}`,
        `/category/${w.categories.grocery.slug}/North`,
        `/edition/${w.editions.city.slug}`,
        `/page/${w.pages.food.slug}`,
        '/search',
      ];
      const points = ['lat=91&lng=0', 'lat=-91&lng=0', 'lat=0&lng=181', 'lat=0x10&lng=5e-324', 'lat=NaN&lng=Infinity'];
      alive.push(...lists.flatMap((list) => points.map((p) => `${list}?sort=near&${p}`)));
      const cases: TCase[] = [
        ...notFound.map((url) => ({
          label: `GET ${url.slice(0, 60)}`,
          request: { method: 'GET' as const, url },
          expect: (res: LightMyRequestResponse) =>
            res.statusCode === 404 && res.body.includes(MESSAGES.notFoundTitle)
              ? undefined
              : `expected the 404 page, got ${res.statusCode} ${res.body.slice(0, 80)}`,
        })),
        ...alive.map((url) => ({ label: `GET ${url.slice(0, 60)}`, request: { method: 'GET' as const, url } })),
      ];
      expect(await probe(cases, 4)).toEqual([]);
    });
  });
});
