import type {
  TAbout,
  TAlert,
  TBanner,
  TContactUs,
  THome,
  TKeywords,
  TPrivacySettings,
  TReviewSettings,
  TSite,
} from '@chaupal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { banners, siteSettings } from '../../db/schema';
import { copyrightText, footerPolicies } from '../policies';
import { listActiveTaxa } from '../taxonomy';

/** The named JSON documents that make up the home content, with what a fresh site shows. */
export interface TSettings {
  site: { siteName: string };
  contactUs: TContactUs;
  logo: { Logo: string | null };
  keywords: TKeywords;
  alert: TAlert | null;
  about: TAbout;
  privacy: TPrivacySettings;
  reviews: TReviewSettings;
}

const EMPTY_CONTACT: TContactUs = {
  message: '',
  address: '',
  help_Num: '',
  email: '',
  fblink: '',
  instagram: '',
  twitter: '',
  linkedin: '',
  youtube: '',
  whatsapp_link: '',
  whatsappMessage: '',
  since: '',
  developedby: '',
  developedby_url: '',
  managedby: '',
  managedby_url: '',
};

export const SETTING_DEFAULTS: TSettings = {
  site: { siteName: 'Chaupal' },
  contactUs: EMPTY_CONTACT,
  logo: { Logo: null },
  keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
  alert: null,
  about: { title: 'About', content: '', image: null },
  privacy: { accountDeletion: 'remove' },
  reviews: { moderation: 'publish' },
};
export type TSettingKey = keyof typeof SETTING_DEFAULTS;

export async function readSettings<K extends TSettingKey>(db: DbOrTx, keys: K[]): Promise<Pick<TSettings, K>> {
  const rows = await preparedOnce(db, 'site_settings_by_keys', () =>
    db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(sql`${siteSettings.key} = any(${sql.placeholder('keys')})`)
      .prepare('site_settings_by_keys'),
  ).execute({ keys });
  const out = {} as Pick<TSettings, K>;
  for (const k of keys) {
    const stored = rows.find((r) => r.key === k)?.value;
    const fallback = SETTING_DEFAULTS[k];
    out[k] = (
      stored && fallback && typeof fallback === 'object' ? { ...fallback, ...(stored as object) } : (stored ?? fallback)
    ) as TSettings[K];
  }
  return out;
}

export async function writeSetting<K extends TSettingKey>(db: DbOrTx, key: K, value: TSettings[K]) {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

export async function getKeywords(db: DbOrTx): Promise<TKeywords> {
  return (await readSettings(db, ['keywords'])).keywords;
}

/** GET /site: the chrome of every page (the settings part of GET /home). */
export async function getSite(db: DbOrTx): Promise<TSite> {
  const [settings, policies] = await Promise.all([
    readSettings(db, ['site', 'contactUs', 'logo', 'keywords']),
    footerPolicies(db),
  ]);
  return { policies: policies.links, ...siteOf(settings, policies.copyright) };
}

const siteOf = (settings: Pick<TSettings, 'site' | 'contactUs' | 'logo' | 'keywords'>, copyright: string) => ({
  siteName: settings.site.siteName,
  contactUs: settings.contactUs,
  logo: settings.logo,
  keywords: settings.keywords,
  copyright,
});

/** GET /home: everything the header, home sections and footer need, in one call (SPEC §3). */
export async function getHome(db: DbOrTx): Promise<THome> {
  const [settings, bannerRows, copyright, pages, categories, editions, services] = await Promise.all([
    readSettings(db, ['site', 'contactUs', 'logo', 'keywords', 'alert', 'about']),
    db
      .select()
      .from(banners)
      .where(and(eq(banners.status, 'active')))
      .orderBy(asc(banners.position), asc(banners.createdAt)),
    copyrightText(db),
    listActiveTaxa(db, 'pages'),
    listActiveTaxa(db, 'categories'),
    listActiveTaxa(db, 'editions'),
    listActiveTaxa(db, 'services'),
  ]);
  const alert = settings.alert && settings.alert.enabled !== false ? settings.alert : null;
  // The site's fields last (see presentCommon in content.presenter.ts).
  return {
    alert,
    banner: bannerRows.map(
      (b): TBanner => ({ id: b.id, image: b.image, title: b.title, subtitle: b.subtitle, link: b.link }),
    ),
    about: settings.about,
    pages,
    categories,
    editions,
    services,
    ...siteOf(settings, copyright),
  };
}
