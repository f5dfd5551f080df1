import type { TPreview } from '@chaupal/contract';
import { isShared, type TSharedKind } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { DetailView } from '../../components/content/detail-view';
import { formatDay } from '../../components/dates';
import { Seo } from '../../components/seo';
import { Container } from '../../components/ui/ui';
import { messages } from '../../locales/en/preview.json?lingui';
import { type OwnViews, ownView, previewQuery } from './preview-route';

export { previewLoader } from './preview-route';

const isSharedPreview = (p: TPreview): p is Extract<TPreview, { kind: TSharedKind }> => isShared(p.kind);

/**
 * `/preview/:token` (decision 033): a record that is not public yet, drawn by the view its public page uses (a kind's
 * own, `views`, or the shared detail view), under a ribbon that says so. Never indexed; the server sends it with
 * `private, no-store` and never keeps it.
 */
export function PreviewPage({ views }: { views: OwnViews }) {
  const { apiFetch, siteTz } = useServices();
  const { token } = useParams();
  const preview = useSuspenseQuery(previewQuery(apiFetch, token as string)).data;
  const t = useT(messages);
  const lang = useLang();
  const Own = ownView(preview.kind, views);
  return (
    <>
      <Seo title={preview.item.title} noindex />
      <p className="preview-ribbon" role="note">
        {t('preview.ribbon')}
      </p>
      <Container size="lg">
        <p className="small muted preview-until">
          {t('preview.until', { date: formatDay(preview.expiresAt, siteTz, lang) })}
        </p>
      </Container>
      {Own ? (
        <Suspense fallback={null}>
          <Own preview={preview} />
        </Suspense>
      ) : isSharedPreview(preview) ? (
        <DetailView kind={preview.kind} item={preview.item} related={preview.related} preview />
      ) : null}
    </>
  );
}
