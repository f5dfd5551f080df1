import type { TContentKind, TListingKind } from '@chaupal/contract';
import { CONTENT_KINDS, isFamily, isShared, kindOfDashboard, type TSharedKind } from '@chaupal/contract/content-kinds';
import { MESSAGES } from '@chaupal/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { ContentOf } from '../../api/queries';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import { signedInApi } from '../../app/signed-in';
import { DetailView } from '../../components/content/detail-view';
import { DirectoryForm } from '../../components/editing/directory-form';
import type { KindParts } from '../../components/editing/form-shared';
import { PublishingForm } from '../../components/editing/publishing-form';
import { CardGrid } from '../../components/grid';
import { useIdleLoad } from '../../components/idle-load';
import { Pager } from '../../components/pager';
import { Seo } from '../../components/seo';
import { SignedInOnly } from '../../components/signed-in-only';
import { notify } from '../../components/toasts';
import { Button, Container, Dialog } from '../../components/ui/ui';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { DashboardCard } from './dashboard-card';
import { OwnerTools } from './owner-tools';
import { SuggestedEdits } from './suggested-edits';

const loadPreviewLinks = () => import('./preview-links-dialog');
const loadHistory = () => import('../../components/revisions/history-dialog');
/**
 * The "Share preview" dialog and a record's history (shared with the console) are chunks of their own, kept out of the
 * dashboard's first load and loaded once the list is shown and the browser idle, so a tap on either opens at once.
 */
const DIALOGS = [loadPreviewLinks, loadHistory] as const;
const PreviewLinksDialog = lazy(loadPreviewLinks);
const HistoryDialog = lazy(loadHistory);

/** The dashboards of SPEC §2, one per kind at the registry's `dashboardPath`, with its heading and empty text. */
export function DashboardPage({ own }: { own?: KindParts }) {
  const { pathname } = useLocation();
  const kind = kindOfDashboard(pathname) as TContentKind;
  const t = useT(messages);
  return (
    <>
      <Seo title={t(`dashboard.heading.${kind}`)} noindex />
      <SignedInOnly>{(session) => <Dashboard session={session} kind={kind} own={own} />}</SignedInOnly>
    </>
  );
}

function Dashboard({ session, kind, own }: { session: Session; kind: TContentKind; own?: KindParts }) {
  const { texts } = CONTENT_KINDS[kind];
  const t = useT(messages);
  const spec = useSpecText();
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => signedInApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const queryClient = useQueryClient();
  const key = ['mine', kind, page, session.user.id];
  const { data, isPending } = useQuery({ queryKey: key, queryFn: () => api.mine(kind, page) });
  const [preview, setPreview] = useState<ContentOf<TContentKind> | null>(null);
  const [confirm, setConfirm] = useState<ContentOf<TContentKind> | null>(null);
  const [sharing, setSharing] = useState<ContentOf<TContentKind> | null>(null);
  const [history, setHistory] = useState<ContentOf<TContentKind> | null>(null);
  // The add (id null) or edit dialog; closing it clears the selection (SPEC §4).
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const saved = () => {
    // After a successful save the dialog closes and the list reloads (SPEC §4).
    setEditing(null);
    queryClient.invalidateQueries({ queryKey: ['mine', kind] });
  };

  async function remove(item: ContentOf<TContentKind>) {
    try {
      await api.remove(kind, item.id);
      // SPEC §4: after delete the item is removed from the list locally.
      queryClient.setQueryData(key, (old: typeof data) =>
        old
          ? { ...old, data: old.data.filter((i) => i.id !== item.id), meta: { ...old.meta, total: old.meta.total - 1 } }
          : old,
      );
      notify(MESSAGES.deletedSuccess, { key: `delete-${kind}-${item.id}` });
    } catch (err) {
      notify(err instanceof ApiError ? err.body.error : t('dashboard.couldNotDelete'), {
        tone: 'error',
        key: `delete-${kind}-${item.id}`,
      });
    } finally {
      setConfirm(null);
    }
  }

  const items = data?.data ?? [];
  useIdleLoad(DIALOGS, items.length > 0);
  return (
    <Container className="page">
      <div className="row between">
        <h1>{t(`dashboard.heading.${kind}`)}</h1>
        <Button aria-label={t(`dashboard.add.${kind}`)} onClick={() => setEditing({ id: null })}>
          +
        </Button>
      </div>
      <CardGrid empty={spec(texts.dashboardEmpty)} loading={isPending}>
        {items.map((item) => (
          <DashboardCard
            key={item.id}
            item={item}
            userId={session.user.id}
            onPreview={() => setPreview(item)}
            onEdit={() => setEditing({ id: item.id })}
            onDelete={() => setConfirm(item)}
            onSharePreview={() => setSharing(item)}
            onHistory={() => setHistory(item)}
          >
            {'trust' in item ? (
              <>
                <OwnerTools api={api} kind={kind as TListingKind} item={item} />
                <SuggestedEdits session={session} kind={kind as TListingKind} listing={item} />
              </>
            ) : null}
          </DashboardCard>
        ))}
      </CardGrid>
      <Pager page={page} pages={Math.ceil((data?.meta.total ?? 0) / 12)} hrefFor={(p) => `?page=${p}`} />
      <Dialog
        open={Boolean(preview)}
        onClose={() => setPreview(null)}
        title={t('dashboard.previewPage')}
        className="dialog-xl"
      >
        {preview ? (
          own ? (
            <own.Preview item={preview} />
          ) : isShared(kind) ? (
            // The list is of this kind: so is the record it previews.
            <DetailView kind={kind} item={preview as ContentOf<TSharedKind>} related={[]} preview />
          ) : null
        ) : null}
      </Dialog>
      {editing ? (
        own ? (
          <own.Form
            kind={kind}
            api={api}
            token={session.token}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        ) : isFamily(kind, 'directory') ? (
          <DirectoryForm
            kind={kind}
            api={api}
            token={session.token}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        ) : isFamily(kind, 'publishing') ? (
          <PublishingForm
            kind={kind}
            api={api}
            token={session.token}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        ) : null
      ) : null}
      {sharing ? (
        <Suspense fallback={null}>
          <PreviewLinksDialog session={session} kind={kind} item={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      ) : null}
      {history ? (
        <Suspense fallback={null}>
          <HistoryDialog
            session={session}
            kind={kind}
            item={history}
            onClose={() => setHistory(null)}
            onRestored={() => queryClient.invalidateQueries({ queryKey: ['mine', kind] })}
          />
        </Suspense>
      ) : null}
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} title={t('dashboard.delete')}>
        {confirm ? (
          <div className="stack gap-md">
            <p>{t('dashboard.deleteQuestion', { title: confirm.title })}</p>
            <div className="row gap-sm">
              <Button onClick={() => remove(confirm)}>{t('dashboard.yes')}</Button>
              <Button variant="outline" onClick={() => setConfirm(null)}>
                {t('dashboard.no')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Container>
  );
}

export { DashboardPage as Component };
