import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const { get } = api(() => t);

describe('the OpenAPI document', () => {
  it('describes GET /search with its query parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = doc.paths['/api/backend/v1/search'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'q',
      'kind',
      'circleName',
      'blockName',
      'page',
      'pageSize',
    ]);
    expect(Object.keys(op.responses)).toEqual(['200', '400', '429', '503']);
  });
});

describe('bad search input', () => {
  const invalid = (parameter: string, errors: string[]) => ({
    success: false,
    error: 'The request has invalid fields.',
    details: [{ parameter, errors }],
  });

  it.each([
    ['', 'q', ['Required']],
    ['q=', 'q', ['Required']],
    ['q=%20%20', 'q', ['Required']],
    [`q=${'a'.repeat(201)}`, 'q', ['Must be at most 200 characters']],
    ['q=x&pageSize=0', 'pageSize', ['Must be 1 or more']],
    ['q=x&page=abc', 'page', ['Must be a number']],
  ])('answers 400 for ?%s', async (query, parameter, errors) => {
    const res = await get(`/search?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid(parameter, errors));
  });

  it('answers 400 for an unknown kind', async () => {
    const res = await get('/search?q=x&kind=policy');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['kind']);
  });

  it.each([
    '"unclosed',
    '-',
    'OR',
    'or or or',
    ':*',
    '&|!',
    "'; drop table news; --",
    '\\',
    '(((',
    'a:*b & !c | <->',
    '%_%',
    '\u0915\u093f\u0924\u093e\u092c',
    'a'.repeat(200),
  ])('answers 200 for the query %j', async (q) => {
    const res = await get(`/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, meta: { page: 1, pageSize: 12 } });
  });
});
