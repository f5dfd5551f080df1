import { MESSAGES } from '@chaupal/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { ContentOf, TContentArea } from '../../api/queries';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import { signedInApi } from '../../app/signed-in';
import { DetailView } from '../../components/content/detail-view';
import { DirectoryForm } from '../../components/editing/directory-form';
import { PublishingForm } from '../../components/editing/publishing-form';
import { CardGrid } from '../../components/grid';
import { Pager } from '../../components/pager';
import { Seo } from '../../components/seo';
import { SignedInOnly } from '../../components/signed-in-only';
import { notify } from '../../components/toasts';
import { Button, Container, Dialog } from '../../components/ui/ui';
import { DashboardCard } from './dashboard-card';

/** The four dashboards of SPEC §2: path, heading, empty text. */
const DASHBOARDS: Record<string, { area: TContentArea; heading: string; empty: string }> = {
  '/user-article': { area: 'features', heading: 'Features', empty: MESSAGES.noFeatureFound },
  '/user-expert': { area: 'experts', heading: 'My Experts', empty: MESSAGES.noExpertFound },
  '/user-news': { area: 'news', heading: 'News', empty: MESSAGES.noNewsFoundDashboard },
  '/user-outlet': { area: 'outlets', heading: 'Outlet', empty: MESSAGES.noOutletsFound },
};

/** The noun in dialog titles and the plus icon's label (SPEC §2: Add Feature, Add Expert, Add News, Add Outlet). */
const NOUN: Record<TContentArea, string> = { features: 'Feature', experts: 'Expert', news: 'News', outlets: 'Outlet' };

export function DashboardPage() {
  const { pathname } = useLocation();
  const cfg = DASHBOARDS[pathname];
  return (
    <>
      <Seo title={cfg.heading} noindex />
      <SignedInOnly>
        {(session) => <Dashboard session={session} area={cfg.area} heading={cfg.heading} empty={cfg.empty} />}
      </SignedInOnly>
    </>
  );
}

function Dashboard({
  session,
  area,
  heading,
  empty,
}: {
  session: Session;
  area: TContentArea;
  heading: string;
  empty: string;
}) {
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => signedInApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const queryClient = useQueryClient();
  const key = ['mine', area, page, session.user.id];
  const { data, isPending } = useQuery({ queryKey: key, queryFn: () => api.mine(area, page) });
  const [preview, setPreview] = useState<ContentOf<TContentArea> | null>(null);
  const [confirm, setConfirm] = useState<ContentOf<TContentArea> | null>(null);
  // The add (id null) or edit dialog; closing it clears the selection (SPEC §4).
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const saved = () => {
    // After a successful save the dialog closes and the list reloads (SPEC §4).
    setEditing(null);
    queryClient.invalidateQueries({ queryKey: ['mine', area] });
  };

  async function remove(item: ContentOf<TContentArea>) {
    try {
      await api.remove(area, item.id);
      // SPEC §4: after delete the item is removed from the list locally.
      queryClient.setQueryData(key, (old: typeof data) =>
        old
          ? { ...old, data: old.data.filter((i) => i.id !== item.id), meta: { ...old.meta, total: old.meta.total - 1 } }
          : old,
      );
      notify(MESSAGES.deletedSuccess);
    } catch (err) {
      notify(err instanceof ApiError ? err.body.error : 'Could not delete.', { tone: 'error' });
    } finally {
      setConfirm(null);
    }
  }

  const items = data?.data ?? [];
  return (
    <Container className="page">
      <div className="row between">
        <h1>{heading}</h1>
        <Button aria-label={`Add ${NOUN[area]}`} onClick={() => setEditing({ id: null })}>
          +
        </Button>
      </div>
      <CardGrid empty={empty} loading={isPending}>
        {items.map((item) => (
          <DashboardCard
            key={item.id}
            item={item}
            userId={session.user.id}
            onPreview={() => setPreview(item)}
            onEdit={() => setEditing({ id: item.id })}
            onDelete={() => setConfirm(item)}
          />
        ))}
      </CardGrid>
      <Pager page={page} pages={Math.ceil((data?.meta.total ?? 0) / 12)} hrefFor={(p) => `?page=${p}`} />
      <Dialog open={Boolean(preview)} onClose={() => setPreview(null)} title="Preview Page" className="dialog-xl">
        {preview ? <DetailView area={area} item={preview} related={[]} preview /> : null}
      </Dialog>
      {editing ? (
        area === 'experts' || area === 'outlets' ? (
          <DirectoryForm
            kind={area}
            api={api}
            token={session.token}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        ) : (
          <PublishingForm
            kind={area}
            api={api}
            token={session.token}
            id={editing.id}
            onClose={() => setEditing(null)}
            onSaved={saved}
          />
        )
      ) : null}
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} title="Delete">
        {confirm ? (
          <div className="stack gap-md">
            <p>Delete “{confirm.title}”?</p>
            <div className="row gap-sm">
              <Button onClick={() => remove(confirm)}>Yes</Button>
              <Button variant="outline" onClick={() => setConfirm(null)}>
                No
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </Container>
  );
}

export { DashboardPage as Component };
