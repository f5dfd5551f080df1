import { REVIEW_REPLY_MAX, REVIEW_SORTS, REVIEW_TEXT_MAX, ZReviewsQuery } from '@chaupal/contract';
import * as values from '@chaupal/contract/review-values';
import { describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { reviewsPageOf, reviewsQuery } from './reviews-query';

describe('the reviews a listing’s page asks for', () => {
  it('reads their order and page from the URL, anything unknown being the first page of the newest', () => {
    const of = (search: string) => reviewsPageOf(new URLSearchParams(search));
    expect(of('')).toEqual({ sort: 'newest', page: 1 });
    expect(of('sort=helpful&page=3')).toEqual({ sort: 'helpful', page: 3 });
    expect(of('sort=best&page=-2')).toEqual({ sort: 'newest', page: 1 });
    expect(of('sort=lowest&page=2.5')).toEqual({ sort: 'lowest', page: 1 });
  });

  it('asks the API for ten at a time, naming only what is not its default', async () => {
    const asked: string[] = [];
    const apiFetch: ApiFetch = async (path) => {
      asked.push(path);
      return new Response('{"success":true}', { status: 200 });
    };
    const run = (sort: (typeof REVIEW_SORTS)[number], page: number) =>
      reviewsQuery(apiFetch, 'outlet', 'o1', { sort, page }).queryFn?.({} as never);
    await run('newest', 1);
    await run('lowest', 2);
    expect(asked).toEqual(['/reviews/outlet/o1?pageSize=10', '/reviews/outlet/o1?sort=lowest&page=2&pageSize=10']);
    expect(ZReviewsQuery.parse({ sort: 'lowest', page: '2', pageSize: '10' })).toEqual({
      sort: 'lowest',
      page: 2,
      pageSize: 10,
    });
  });

  it('uses the contract’s values without its schemas (review-values.ts is the schemas’ own)', () => {
    expect(values.REVIEW_TEXT_MAX).toBe(REVIEW_TEXT_MAX);
    expect(values.REVIEW_REPLY_MAX).toBe(REVIEW_REPLY_MAX);
    expect(values.REVIEW_SORTS).toEqual(REVIEW_SORTS);
  });
});
