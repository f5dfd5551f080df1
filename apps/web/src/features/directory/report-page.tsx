import type { TContentKind, TReportKind } from '@chaupal/contract';
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
 * indexed. A review's (`/report/review/{id}`) is the same form about the review, which a listing's reviews link to.
 */
export function ReportPage() {
  const params = useParams();
  return params.kind === 'review' ? (
    <ReviewReport id={params.id as string} />
  ) : (
    <RecordReport kind={params.kind as TContentKind} id={params.id as string} />
  );
}

function RecordReport({ kind, id }: { kind: TContentKind; id: string }) {
  const t = useT(messages);
  const { queries } = useServices();
  const { data: item } = useSuspenseQuery(queries.detail(kind, id)).data;
  const back = `${CONTENT_KINDS[kind].detailPath}${item.slug}`;
  return (
    <ReportScreen
      kind={kind}
      id={item.id}
      title={item.title}
      back={{ to: back, label: t('report.back', { title: item.title }) }}
    />
  );
}

/** A review's report, with the way back to the listing's reviews it came from (`?back=`, a path of this site). */
function ReviewReport({ id }: { id: string }) {
  const t = useT(messages);
  const [search] = useSearchParams();
  const from = search.get('back');
  const back =
    from && /^\/(?![/\\])/.test(from) ? { to: `${from}#reviews`, label: t('report.backToReviews') } : undefined;
  return <ReportScreen kind="review" id={id} title={t('report.review')} back={back} />;
}

function ReportScreen({
  kind,
  id,
  title,
  back,
}: {
  kind: TReportKind;
  id: string;
  title: string;
  back?: { to: string; label: string };
}) {
  const t = useT(messages);
  const [search] = useSearchParams();
  return (
    <Container size="sm" className="page">
      <Seo title={`${t('report.title')}: ${title}`} noindex />
      <Stack gap="md">
        <h1>{t('report.title')}</h1>
        {search.get('sent') === '1' ? (
          <p className="notice notice-ok" role="status">
            {t('report.sent')}
          </p>
        ) : (
          <ReportForm kind={kind} id={id} title={title} />
        )}
        {back ? <Link to={back.to}>{back.label}</Link> : null}
      </Stack>
    </Container>
  );
}
