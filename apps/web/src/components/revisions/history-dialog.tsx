import type { TContentKind, TFieldChange, TRevision } from '@chaupal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useLang, useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { formatDateTime } from '../dates';
import { notify } from '../toasts';
import { Button, Dialog } from '../ui/ui';
import { revisionsApi, revisionsKey } from './revisions-api';
import './history-dialog.css';

interface Props {
  session: Session;
  kind: TContentKind;
  item: { id: string; title: string };
  onClose(): void;
  /** After a restore: the lists showing the record read it again. */
  onRestored?(): void;
}

/** How many changed fields a version's line names before "and N more". */
const FIELDS_SHOWN = 3;

/**
 * A record's history (decision 033), for its owner on the dashboard and for admins and editors in the console: its
 * saved versions newest first (when, by whom, which fields changed); choosing one shows its changes field by field,
 * and restores it after a confirmation.
 */
export default function HistoryDialog({ session, kind, item, onClose, onRestored }: Props) {
  const t = useT(messages);
  const specText = useSpecText();
  const lang = useLang();
  const { apiFetch, siteTz } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => revisionsApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const client = useQueryClient();
  const key = revisionsKey(kind, item.id);
  const list = useQuery({ queryKey: key, queryFn: () => api.list(kind, item.id) });
  const [chosen, setChosen] = useState<string | null>(null);
  const headingId = useId();
  const revisions = list.data ?? [];
  // The newest is shown until another is chosen.
  const selected = revisions.find((r) => r.id === chosen) ?? revisions[0];

  /** A field's name as its form labels it (the field's own name for one this screen does not know). */
  const label = (field: string) => {
    const id = `dashboard.history.field.${field}`;
    return id in messages ? t(id) : field;
  };
  const when = (iso: string) => formatDateTime(iso, siteTz, lang);
  const fieldsOf = (r: TRevision) => {
    const names = r.fields.slice(0, FIELDS_SHOWN).map(label).join(', ');
    const more = r.fields.length - FIELDS_SHOWN;
    return more > 0 ? t('dashboard.history.andMore', { fields: names, count: more }) : names;
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dashboard.history.title', { title: item.title })}
      className="history-dialog"
    >
      <p className="small muted">{t('dashboard.history.intro')}</p>
      <div className="history">
        <section className="history-versions" aria-labelledby={headingId}>
          <h3 className="h4" id={headingId}>
            {t('dashboard.history.versions')}
          </h3>
          {list.isPending ? (
            <p role="status">{specText('Loading')}</p>
          ) : list.isError ? (
            <p className="notice notice-error">{t('dashboard.history.notLoaded')}</p>
          ) : revisions.length ? (
            <ul className="history-list">
              {revisions.map((r, i) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className="history-item"
                    aria-pressed={r.id === selected?.id}
                    onClick={() => setChosen(r.id)}
                  >
                    <span className="history-when">
                      {when(r.createdAt)}
                      {i === 0 ? <span className="history-current">{t('dashboard.history.current')}</span> : null}
                    </span>
                    <span className="small muted">
                      {r.by ? t('dashboard.history.by', { name: r.by.name }) : t('dashboard.history.byDeleted')}
                    </span>
                    <span className="small">{fieldsOf(r)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="small muted">{t('dashboard.history.none')}</p>
          )}
        </section>
        {selected ? (
          <Changes
            key={selected.id}
            kind={kind}
            item={item}
            revision={selected}
            current={selected.id === revisions[0]?.id}
            api={api}
            label={label}
            when={when}
            onRestored={() => {
              setChosen(null);
              client.invalidateQueries({ queryKey: key });
              onRestored?.();
            }}
          />
        ) : null}
      </div>
    </Dialog>
  );
}

interface ChangesProps {
  kind: TContentKind;
  item: { id: string };
  revision: TRevision;
  /** The newest version: what the record holds now, so there is nothing to restore. */
  current: boolean;
  api: ReturnType<typeof revisionsApi>;
  label(field: string): string;
  when(iso: string): string;
  onRestored(): void;
}

/** One version's changes as a table (Field, Before, After), and its "Restore this version" with a confirmation. */
function Changes({ kind, item, revision, current, api, label, when, onRestored }: ChangesProps) {
  const t = useT(messages);
  const specText = useSpecText();
  const detail = useQuery({
    queryKey: [...revisionsKey(kind, item.id), revision.id],
    queryFn: () => api.get(kind, item.id, revision.id),
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const toast = `revision-${kind}-${item.id}`;
  const date = when(revision.createdAt);

  async function restore() {
    setBusy(true);
    try {
      const { message } = await api.restore(kind, item.id, revision.id);
      notify(specText(message), { key: toast });
      onRestored();
    } catch (err) {
      notify(err instanceof ApiError ? specText(err.firstMessage) : t('dashboard.history.notRestored'), {
        tone: 'error',
        key: toast,
      });
      setBusy(false);
      setConfirming(false);
    }
  }

  const shown = (text: string) => text || <span className="muted">{t('dashboard.history.empty')}</span>;
  return (
    <section className="history-changes" aria-labelledby={headingId}>
      <h3 className="h4" id={headingId}>
        {t('dashboard.history.changes', { date })}
      </h3>
      {detail.isPending ? (
        <p role="status">{specText('Loading')}</p>
      ) : detail.isError ? (
        <p className="notice notice-error">{t('dashboard.history.notLoaded')}</p>
      ) : (
        <table className="history-diff">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.history.field')}</th>
              <th scope="col">{t('dashboard.history.before')}</th>
              <th scope="col">{t('dashboard.history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.data.changes.map((c: TFieldChange) => (
              <tr key={c.field}>
                <th scope="row">{label(c.field)}</th>
                <td data-label={t('dashboard.history.before')}>{shown(c.before)}</td>
                <td data-label={t('dashboard.history.after')}>{shown(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current ? (
        <p className="small muted">{t('dashboard.history.isCurrent')}</p>
      ) : confirming ? (
        <div className="notice history-confirm" role="alert">
          <p>{t('dashboard.history.confirm', { date })}</p>
          <div className="row gap-sm">
            <Button onClick={restore} disabled={busy}>
              {busy ? t('dashboard.history.restoring') : t('dashboard.history.confirmYes')}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('dashboard.history.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={() => setConfirming(true)}>{t('dashboard.history.restore')}</Button>
      )}
    </section>
  );
}
