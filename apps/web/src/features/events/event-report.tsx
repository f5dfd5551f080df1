import { useT } from '../../app/i18n';
import { ReportDialog, reportPath } from '../../components/report/report-form';
import { messages } from '../../locales/en/trust.json?lingui';

/**
 * "Report this event" under an event's page: a link to its report page (which works without scripts) that opens the
 * same form in a dialog in place, as every record's Report link does. A chunk of its own, with the form.
 */
export default function EventReport({ id, title }: { id: string; title: string }) {
  const t = useT(messages);
  const dialog = `report-event-${id}`;
  return (
    <>
      <a href={reportPath('event', id)} data-opens={dialog} className="link-button small report-link" rel="nofollow">
        {t('trust.report.event')}
      </a>
      <ReportDialog id={dialog} kind="event" record={id} title={title} />
    </>
  );
}
