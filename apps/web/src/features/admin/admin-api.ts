import type {
  TAdminBanner,
  TAdminBlock,
  TAdminCircle,
  TAdminContactRequest,
  TAdminDashboard,
  TAdminPolicy,
  TAdminRecord,
  TAdminReport,
  TAdminReview,
  TAdminSettingKey,
  TAdminSettings,
  TAdminTaxon,
  TAdminTaxonKind,
  TAdminTrust,
  TAdminUser,
  TAuditEntry,
  TContentKind,
  TInsight,
  TJobsReport,
  TListingKind,
  TPageMeta,
  TReportStatus,
  TSearchReport,
  TSearchSynonym,
  TSuggestion,
  TUserPatch,
} from '@chaupal/contract';
import { type ApiFetch, qs } from '../../api/client';
import type { Session } from '../../app/session';
import { jsonBody, signedInCall } from '../../app/signed-in';
import type { TDecisions } from '../../components/suggestions/suggestion-decisions';

export interface AdminPage<T> {
  data: T[];
  meta: TPageMeta;
}
export type TListParams = Record<string, string | number | undefined>;
export type TPlaceKind = 'circles' | 'blocks';
export type TAdminTaxonomyKind = TPlaceKind | TAdminTaxonKind;

interface Saved<T> {
  data: T;
  message: string;
}

/** The console's calls to /admin (decision 007), through the shared signed-in handler. */
export function adminApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = signedInCall(apiFetch, session, go);
  const A = '/admin';
  const save = <T>(path: string, id: string | null | undefined, body: object) =>
    call<Saved<T>>(id ? `${path}/${id}` : path, jsonBody(body, id ? 'PUT' : 'POST'));
  const remove = (path: string, id: string) => call<{ message: string }>(`${path}/${id}`, { method: 'DELETE' });
  return {
    dashboard: () => call<{ data: TAdminDashboard }>(`${A}/dashboard`).then((r) => r.data),

    records: (queue: boolean, p: TListParams) =>
      call<AdminPage<TAdminRecord>>(`${A}/${queue ? 'moderation' : 'records'}${qs(p)}`),
    approve: (kind: TContentKind, id: string) =>
      call<Saved<TAdminRecord>>(`${A}/records/${kind}/${id}/approve`, { method: 'POST' }),
    hold: (kind: TContentKind, id: string, reason: string) =>
      call<Saved<TAdminRecord>>(`${A}/records/${kind}/${id}/hold`, jsonBody({ reason }, 'POST')),

    places: <K extends TPlaceKind>(kind: K, p: TListParams) =>
      call<AdminPage<K extends 'blocks' ? TAdminBlock : TAdminCircle>>(`${A}/${kind}${qs(p)}`),
    savePlace: (kind: TPlaceKind, id: string | null, body: object) => save<TAdminCircle>(`${A}/${kind}`, id, body),
    taxa: (kind: TAdminTaxonKind, p: TListParams) => call<AdminPage<TAdminTaxon>>(`${A}/${kind}${qs(p)}`),
    saveTaxon: (kind: TAdminTaxonKind, id: string | null, body: object) => save<TAdminTaxon>(`${A}/${kind}`, id, body),
    removeTaxonomy: (kind: TAdminTaxonomyKind, id: string) => remove(`${A}/${kind}`, id),

    policies: (p: TListParams) => call<AdminPage<TAdminPolicy>>(`${A}/policies${qs(p)}`),
    savePolicy: (id: string | null, body: object) => save<TAdminPolicy>(`${A}/policies`, id, body),
    removePolicy: (id: string) => remove(`${A}/policies`, id),

    settings: () => call<{ data: TAdminSettings }>(`${A}/home`).then((r) => r.data),
    saveSetting: (key: TAdminSettingKey, body: object) =>
      call<Saved<unknown>>(`${A}/home/${key}`, jsonBody(body, 'PUT')),
    banners: () => call<{ data: TAdminBanner[] }>(`${A}/banners`).then((r) => r.data),
    saveBanner: (id: string | null, body: object) => save<TAdminBanner>(`${A}/banners`, id, body),
    removeBanner: (id: string) => remove(`${A}/banners`, id),

    users: (p: TListParams) => call<AdminPage<TAdminUser>>(`${A}/users${qs(p)}`),
    updateUser: (id: string, patch: TUserPatch) =>
      call<Saved<TAdminUser>>(`${A}/users/${id}`, jsonBody(patch, 'PATCH')),
    unlockUser: (id: string) => call<Saved<TAdminUser>>(`${A}/users/${id}/unlock`, jsonBody({}, 'POST')),

    contactRequests: (p: TListParams) => call<AdminPage<TAdminContactRequest>>(`${A}/contact-requests${qs(p)}`),
    setContactStatus: (id: string, status: 'new' | 'done') =>
      call<Saved<TAdminContactRequest>>(`${A}/contact-requests/${id}`, jsonBody({ status }, 'PATCH')),

    reports: (p: TListParams) => call<AdminPage<TAdminReport>>(`${A}/reports${qs(p)}`),
    setReportStatus: (id: string, status: TReportStatus) =>
      call<Saved<TAdminReport>>(`${A}/reports/${id}`, jsonBody({ status }, 'PATCH')),
    stale: (p: TListParams) => call<AdminPage<TAdminTrust>>(`${A}/listings/stale${qs(p)}`),
    trust: (kind: TListingKind, id: string) =>
      call<{ data: TAdminTrust }>(`${A}/listings/${kind}/${id}/trust`).then((r) => r.data),
    verifyBusiness: (kind: TListingKind, id: string, verified: boolean) =>
      call<Saved<TAdminTrust>>(`${A}/listings/${kind}/${id}/verify`, jsonBody({ verified }, 'POST')),
    insight: (kind: TListingKind, id: string) =>
      call<{ data: TInsight }>(`/listings/${kind}/${id}/insight`).then((r) => r.data),

    reviews: (p: TListParams) => call<AdminPage<TAdminReview>>(`${A}/reviews${qs(p)}`),
    publishReview: (id: string) => call<Saved<TAdminReview>>(`${A}/reviews/${id}/publish`, { method: 'POST' }),
    removeReview: (id: string, body: object) =>
      call<Saved<TAdminReview>>(`${A}/reviews/${id}/remove`, jsonBody(body, 'POST')),
    restoreReview: (id: string) => call<Saved<TAdminReview>>(`${A}/reviews/${id}/restore`, { method: 'POST' }),
    /** Open suggested edits: of listings without an active owner, or (`scope=all`) every one. */
    suggestions: (p: TListParams) => call<AdminPage<TSuggestion>>(`${A}/suggestions${qs(p)}`),
    decideSuggestion: (id: string, decisions: TDecisions) =>
      call<Saved<TSuggestion>>(`${A}/suggestions/${id}/decide`, jsonBody({ decisions }, 'POST')),

    audit: (p: TListParams) => call<AdminPage<TAuditEntry>>(`${A}/audit${qs(p)}`),

    synonyms: () =>
      call<{ data: TSearchSynonym[]; builtIn: { term: string; words: string[] }[] }>(`${A}/search/synonyms`),
    saveSynonym: (id: string | null, body: object) => save<TSearchSynonym>(`${A}/search/synonyms`, id, body),
    removeSynonym: (id: string) => remove(`${A}/search/synonyms`, id),
    searchReport: () => call<{ data: TSearchReport }>(`${A}/search/queries`).then((r) => r.data),

    jobs: () => call<{ data: TJobsReport }>(`${A}/jobs`).then((r) => r.data),
    retryJob: (queue: string, id: string) =>
      call<{ message: string }>(`${A}/jobs/${encodeURIComponent(queue)}/${id}/retry`, { method: 'POST' }),
  };
}
export type AdminApi = ReturnType<typeof adminApi>;
