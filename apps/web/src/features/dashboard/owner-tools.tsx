import type { TListingKind, TTrust } from '@chaupal/contract';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { signedInApi } from '../../app/signed-in';
import { formatDay } from '../../components/dates';
import { ListingInsight } from '../../components/insight/listing-insight';
import { notify } from '../../components/toasts';
import { Button } from '../../components/ui/ui';
import { messages } from '../../locales/en/dashboard.json?lingui';

/**
 * What a listing's owner sees on its dashboard card (decision 016): this month's counts with the 30-day details, when
 * it was last updated, and "Confirm details are current".
 */
export function OwnerTools({
  api,
  kind,
  item,
}: {
  api: ReturnType<typeof signedInApi>;
  kind: TListingKind;
  item: { id: string; title: string; trust: TTrust };
}) {
  const { siteTz } = useServices();
  const lang = useLang();
  const [updatedOn, setUpdatedOn] = useState(item.trust.updatedOn);
  const [busy, setBusy] = useState(false);
  const t = useT(messages);
  async function confirm() {
    setBusy(true);
    try {
      const res = await api.confirm(kind, item.id);
      setUpdatedOn(res.data.confirmedAt);
      notify(res.message, { key: `confirm-${kind}-${item.id}` });
    } catch (err) {
      notify(err instanceof ApiError ? err.body.error : t('dashboard.couldNotConfirm'), {
        tone: 'error',
        key: `confirm-${kind}-${item.id}`,
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="stack gap-xs owner-tools">
      <ListingInsight queryKey={[kind, item.id]} load={() => api.insight(kind, item.id)} title={item.title} />
      <div className="row gap-xs insight-line">
        <span className="small muted">{t('dashboard.updatedOn', { date: formatDay(updatedOn, siteTz, lang) })}</span>
        <Button size="xs" variant="outline" onClick={confirm} disabled={busy}>
          {t('dashboard.confirmCurrent')}
        </Button>
      </div>
    </div>
  );
}
