import { PREVIEW_DAY_CHOICES, PREVIEW_DAYS, type TContentKind, type TPreviewLink } from '@chaupal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useLang, useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import { formatDateTime, formatDay } from '../../components/dates';
import { notify } from '../../components/toasts';
import { Button, Dialog, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { previewLinksKey, previewsApi } from './previews-api';

interface Props {
  session: Session;
  kind: TContentKind;
  item: { id: string; title: string };
  onClose(): void;
}

/**
 * "Share preview" on a record that is not public (decision 033): make a link for 1, 7 or 30 days, copy it (shown this
 * once: only its hash is kept), and see the record's links with their expiry, revoking any that still works.
 */
export default function PreviewLinksDialog({ session, kind, item, onClose }: Props) {
  const t = useT(messages);
  const specText = useSpecText();
  const lang = useLang();
  const { apiFetch, siteTz } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => previewsApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const client = useQueryClient();
  const key = previewLinksKey(kind, item.id);
  const { data: links = [], isPending } = useQuery({ queryKey: key, queryFn: () => api.list(kind, item.id) });
  const [days, setDays] = useState<number>(PREVIEW_DAYS.default);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toast = `previews-${kind}-${item.id}`;

  /** The API's own words for a refusal it explains (a field's error first), else ours. */
  const failure = (err: unknown, ours: string) => (err instanceof ApiError ? specText(err.firstMessage) : ours);

  async function create() {
    setBusy(true);
    try {
      const link = await api.create(kind, item.id, days);
      setCreated(link.url);
      notify(t('dashboard.previews.created'), { key: toast });
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      notify(failure(err, t('dashboard.previews.notCreated')), { tone: 'error', key: toast });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(link: TPreviewLink) {
    try {
      await api.revoke(link.id);
      notify(t('dashboard.previews.revoked'), { key: toast });
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      notify(failure(err, t('dashboard.previews.notRevoked')), { tone: 'error', key: toast });
    }
  }

  /** The clipboard where the browser gives it (a secure page); else the selected text, copied the old way. */
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify(t('dashboard.previews.copied'), { key: toast });
    } catch {
      input.current?.select();
      const copied = document.execCommand?.('copy') ?? false;
      notify(t(copied ? 'dashboard.previews.copied' : 'dashboard.previews.copyByHand'), {
        tone: copied ? 'ok' : 'error',
        key: toast,
      });
    }
  }

  const when = (iso: string) => formatDateTime(iso, siteTz, lang);
  const state = (l: TPreviewLink) =>
    l.revokedAt
      ? t('dashboard.previews.revokedOn', { date: when(l.revokedAt) })
      : l.active
        ? t('dashboard.previews.worksUntil', { date: when(l.expiresAt) })
        : t('dashboard.previews.expired', { date: when(l.expiresAt) });

  return (
    <Dialog open onClose={onClose} title={t('dashboard.previews.title', { title: item.title })}>
      <div className="stack gap-md preview-links">
        <p className="small muted">{t('dashboard.previews.intro')}</p>
        <div className="row gap-sm preview-create">
          <Field label={t('dashboard.previews.days')}>
            {(id) => (
              <select id={id} value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {PREVIEW_DAY_CHOICES.map((d) => (
                  <option key={d} value={d}>
                    {t('dashboard.previews.dayCount', { count: d })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button onClick={create} disabled={busy}>
            {t('dashboard.previews.create')}
          </Button>
        </div>
        {created ? (
          <div className="stack gap-xs">
            <Field label={t('dashboard.previews.newLink')}>
              {(id) => (
                <div className="row gap-xs preview-url">
                  <input id={id} ref={input} readOnly value={created} onFocus={(e) => e.currentTarget.select()} />
                  <Button variant="outline" onClick={() => copy(created)}>
                    {t('dashboard.previews.copy')}
                  </Button>
                </div>
              )}
            </Field>
            <p className="small muted">{t('dashboard.previews.onlyNow')}</p>
          </div>
        ) : null}
        <h3 className="h4">{t('dashboard.previews.links')}</h3>
        {isPending ? (
          <p role="status">{specText('Loading')}</p>
        ) : links.length ? (
          <ul className="preview-list">
            {links.map((l) => (
              <li key={l.id} className="row between gap-sm">
                <span className={`small${l.active ? '' : ' muted'}`}>
                  {t('dashboard.previews.made', { date: formatDay(l.createdAt, siteTz, lang) })} · {state(l)}
                </span>
                {l.active ? (
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => revoke(l)}
                    aria-label={t('dashboard.previews.revokeLink', { date: when(l.createdAt) })}
                  >
                    {t('dashboard.previews.revoke')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="small muted">{t('dashboard.previews.none')}</p>
        )}
      </div>
    </Dialog>
  );
}
