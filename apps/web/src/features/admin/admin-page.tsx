import type { TContentKind } from '@chaupal/contract';
import { TAXONOMY_LIST, TAXONOMY_NAMES } from '@chaupal/contract/content-kinds';
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import type { KindParts } from '../../components/editing/form-shared';
import { Seo } from '../../components/seo';
import { SignedInOnly } from '../../components/signed-in-only';
import { Container } from '../../components/ui/ui';
import { adminApi } from './admin-api';
import './admin.css';
import { AuditScreen } from './audit-screen';
import { ContactsScreen } from './contacts-screen';
import { DashboardScreen } from './dashboard-screen';
import { HomeScreen } from './home-screen';
import { JobsScreen } from './jobs-screen';
import { AdminContext } from './kit';
import { PoliciesScreen } from './policies-screen';
import { RecordsScreen } from './records-screen';
import { ReportsScreen } from './reports-screen';
import { ReviewsScreen } from './reviews-screen';
import { SearchWordsScreen } from './search-words-screen';
import { SearchesScreen } from './searches-screen';
import { StaleScreen } from './stale-screen';
import { SuggestionsScreen } from './suggestions-screen';
import { TaxonomyScreen } from './taxonomy-screen';
import { UsersScreen } from './users-screen';

/**
 * The console's sections, in the side menu's order. An editor's console (decision 033) is the desk's two: the queue
 * and the records, of news and features; the API answers an editor 403 anywhere else.
 */
const DESK_SECTIONS: readonly string[] = ['moderation', 'records'];
const SECTIONS = [
  ['', 'Dashboard'],
  ['moderation', 'Moderation'],
  ['records', 'All records'],
  ['circles', 'Circles'],
  ['blocks', 'Localities'],
  ...TAXONOMY_LIST.map((t) => [t.name, t.console.heading] as const),
  ['policies', 'Policies'],
  ['home', 'Home content'],
  ['users', 'Users'],
  ['contact-requests', 'Contact requests'],
  ['reports', 'Reports'],
  ['reviews', 'Reviews'],
  ['suggestions', 'Suggested edits'],
  ['stale', 'Stale listings'],
  ['searches', 'Searches'],
  ['search-words', 'Search words'],
  ['jobs', 'Jobs'],
  ['audit', 'Audit log'],
] as const;

/** /admin: the admin console (decision 007), loaded only when visited; signed-in admins and editors only. */
export function AdminPage({ parts = {} }: { parts?: { [K in TContentKind]?: KindParts } }) {
  return (
    <>
      <Seo title="Admin" noindex />
      <SignedInOnly>
        {(session) =>
          session.user.role === 'admin' || session.user.role === 'editor' ? (
            <Console session={session} parts={parts} />
          ) : (
            <Container className="page">
              <h1>Admin</h1>
              <p className="notice notice-error">This area is for administrators.</p>
            </Container>
          )
        }
      </SignedInOnly>
    </>
  );
}

/** The console of a signed-in admin, or an editor's desk: the sections (and screens) the account may use. */
export function Console({ session, parts }: { session: Session; parts: { [K in TContentKind]?: KindParts } }) {
  const admin = session.user.role === 'admin';
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const value = useMemo(
    () => ({ api: adminApi(apiFetch, session, navigate), session, parts }),
    [apiFetch, session, navigate, parts],
  );
  // On a phone the menu is a row that scrolls sideways: keep the current section in view.
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) nav.current?.querySelector('a.active')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <AdminContext.Provider value={value}>
      <div className="admin">
        <nav className="admin-nav" aria-label="Console" ref={nav}>
          {SECTIONS.filter(([to]) => admin || DESK_SECTIONS.includes(to)).map(([to, label]) => (
            <NavLink key={to} to={to ? `/admin/${to}` : '/admin'} end={!to}>
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="admin-main">
          <Routes>
            <Route path="moderation" element={<RecordsScreen queue />} />
            <Route path="records" element={<RecordsScreen queue={false} />} />
            {admin ? adminScreens() : <Route index element={<Navigate to="/admin/moderation" replace />} />}
            <Route path="*" element={<p className="empty">No such screen.</p>} />
          </Routes>
        </div>
      </div>
    </AdminContext.Provider>
  );
}

/** The screens of the console that are an admin's alone, as routes (`<Routes>` takes routes and fragments only). */
function adminScreens() {
  return (
    <>
      <Route index element={<DashboardScreen />} />
      {(['circles', 'blocks', ...TAXONOMY_NAMES] as const).map((kind) => (
        <Route key={kind} path={kind} element={<TaxonomyScreen key={kind} kind={kind} />} />
      ))}
      <Route path="policies" element={<PoliciesScreen />} />
      <Route path="home" element={<HomeScreen />} />
      <Route path="users" element={<UsersScreen />} />
      <Route path="contact-requests" element={<ContactsScreen />} />
      <Route path="reports" element={<ReportsScreen />} />
      <Route path="reviews" element={<ReviewsScreen />} />
      <Route path="suggestions" element={<SuggestionsScreen />} />
      <Route path="stale" element={<StaleScreen />} />
      <Route path="searches" element={<SearchesScreen />} />
      <Route path="search-words" element={<SearchWordsScreen />} />
      <Route path="jobs" element={<JobsScreen />} />
      <Route path="audit" element={<AuditScreen />} />
    </>
  );
}

export { AdminPage as Component };
