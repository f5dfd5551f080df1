import type { TContentKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { ReportForm } from '../../components/report/report-form';
import { Seo } from '../../components/seo';
import { Link } from '../../components/ui/link';
import { Container, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/report.json?lingui';

/**
 * `/report/{kind}/{id}`: a record's report form as a page of its own, where the "Report" link goes when no script
 * opens the form in place, and where the form's plain post is answered (with `?sent=1` once it was sent). Never
 * indexed.
 */
export function ReportPage() {
  const t = useT(messages);
  const { queries } = useServices();
  const params = useParams();
  const [search] = useSearchParams();
  const kind = params.kind as TContentKind;
  const { data: item } = useSuspenseQuery(queries.detail(kind, params.id as string)).data;
  const back = `${CONTENT_KINDS[kind].detailPath}${item.slug}`;
  return (
    <Container size="sm" className="page">
      <Seo title={`${t('report.title')}: ${item.title}`} noindex />
      <Stack gap="md">
        <h1>{t('report.title')}</h1>
        {search.get('sent') === '1' ? (
          <p className="notice notice-ok" role="status">
            {t('report.sent')}
          </p>
        ) : (
          <ReportForm kind={kind} id={item.id} title={item.title} />
        )}
        <Link to={back}>{t('report.back', { title: item.title })}</Link>
      </Stack>
    </Container>
  );
}
