import type { TListingKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useT, withCatalogs } from '../../app/i18n';
import { lazyPart } from '../../app/lazy-part';
import { useServices } from '../../app/services';
import { Seo } from '../../components/seo';
import { Link } from '../../components/ui/link';
import { Container, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/reviews.json?lingui';

/**
 * The review form (reviews/review-form.tsx) with the signed-in areas' catalogues: a chunk of its own, which the server
 * renders into the page and the browser loads with the page's app, so no public page carries it.
 */
const ReviewForm = lazyPart(() => withCatalogs(() => import('./reviews/review-form')));

/**
 * `/experts/{slug}/review`, `/outlets/{slug}/review`: "Write a review" of a listing as a page of its own, so its link
 * on the listing's page works as a phone's first tap, before the app, and without it. Never indexed.
 */
export function ReviewPage({ kind }: { kind: TListingKind }) {
  const t = useT(messages);
  const { queries } = useServices();
  const { id } = useParams();
  const { data: item } = useSuspenseQuery(queries.detail(kind, id as string)).data;
  const back = `${CONTENT_KINDS[kind].detailPath}${item.slug}#reviews`;
  return (
    <Container size="sm" className="page">
      <Seo title={`${t('reviews.write')}: ${item.title}`} noindex />
      <Stack gap="md">
        <div>
          <h1>{t('reviews.write')}</h1>
          <p className="muted">{item.title}</p>
        </div>
        <Suspense fallback={null}>
          <ReviewForm kind={kind} listing={item} />
        </Suspense>
        <Link to={back}>{t('reviews.back', { title: item.title })}</Link>
      </Stack>
    </Container>
  );
}
