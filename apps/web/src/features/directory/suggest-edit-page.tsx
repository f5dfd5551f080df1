import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import type { TListingKind } from '@chaupal/contract/trust-values';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../app/i18n';
import { lazyPart } from '../../app/lazy-part';
import { useServices } from '../../app/services';
import { Seo } from '../../components/seo';
import { suggestEditPath } from '../../components/trust/suggest-edit-path';
import { Link } from '../../components/ui/link';
import { Container, Spinner, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/suggestedit.json?lingui';

/** The form, with the owners' hours editor and pin picker (and the contract's place rules), in a chunk of its own. */
const SuggestEditForm = lazyPart(() => import('./suggest-edit-form'));

/**
 * `/experts/{slug}/suggest-edit`, `/outlets/{slug}/suggest-edit`: a visitor's corrections of a listing's details, for
 * its owner to accept or reject field by field. The form's plain post is answered here too (with `?sent=1` once it
 * was sent). Never indexed; the thanks say nothing of the owner.
 */
export function SuggestEditPage({ kind }: { kind: TListingKind }) {
  const t = useT(messages);
  const { queries } = useServices();
  const params = useParams();
  const [search] = useSearchParams();
  const [sentHere, setSentHere] = useState(false);
  const { data: item } = useSuspenseQuery(queries.detail(kind, params.id as string)).data;
  const sent = sentHere || search.get('sent') === '1';
  return (
    <Container size="sm" className="page">
      <Seo title={`${t('suggestEdit.title')}: ${item.title}`} noindex />
      <Stack gap="md">
        <div className="stack gap-xs">
          <h1>{t('suggestEdit.title')}</h1>
          <p className="muted">{item.title}</p>
        </div>
        {sent ? (
          <p className="notice notice-ok" role="status">
            {t('suggestEdit.sent')}
          </p>
        ) : (
          <Suspense fallback={<Spinner />}>
            <SuggestEditForm
              kind={kind}
              item={item}
              action={suggestEditPath(kind, item.slug)}
              onSent={() => setSentHere(true)}
            />
          </Suspense>
        )}
        <Link to={`${CONTENT_KINDS[kind].detailPath}${item.slug}`}>{t('suggestEdit.back', { title: item.title })}</Link>
      </Stack>
    </Container>
  );
}
