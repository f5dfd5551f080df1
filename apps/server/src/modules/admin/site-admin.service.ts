import {
  type ADMIN_SETTING_FORMS,
  API_ERRORS,
  type TAdminBanner,
  type TAdminContactRequest,
  type TAdminPolicy,
  type TAdminSettingKey,
  type TAdminSettings,
  type ZBannerForm,
  type ZPolicyForm,
} from '@chaupal/contract';
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { anyContains, idOrSlug, ilikeContains, isUuid } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { banners, contactRequests, policies } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { RichText } from '../../platform/sanitize';
import { uniqueSlug } from '../../platform/slug';
import { readSettings, type TSettings, writeSetting } from '../home';
import { assertOurUploads } from '../uploads';
import { recordAudit } from './audit.service';
import type { TaxonomyContext } from './taxonomy-admin.service';

/** An admin write's context: the handle, who acts, and the files it stopped using (collected after commit). */
export type AdminWrite = TaxonomyContext;

// ── Home content ────────────────────────────────────────────────────────────────────────────────

export async function getSettings(db: DbOrTx): Promise<TAdminSettings> {
  return readSettings(db, ['site', 'contactUs', 'logo', 'keywords', 'alert', 'about', 'privacy', 'reviews']);
}

/** The image fields of each home document, so a replaced image's file can be released. */
const SETTING_IMAGES: Partial<Record<TAdminSettingKey, string>> = { logo: 'Logo', alert: 'image', about: 'image' };

type SettingForm<K extends TAdminSettingKey> = z.output<(typeof ADMIN_SETTING_FORMS)[K]>;

/**
 * Each home document as stored from its validated form. About is rich text (rendered as HTML), sanitized here; the
 * alert's text is plain and escaped where it is shown.
 */
const STORED: { [K in TAdminSettingKey]: (form: SettingForm<K>, richText: RichText) => TSettings[K] } = {
  site: (f) => f,
  contactUs: (f) => f,
  logo: (f) => f,
  keywords: (f) => f,
  alert: (f) => f,
  about: (f, richText) => ({ ...f, content: richText(f.content) }),
  privacy: (f) => f,
  reviews: (f) => f,
};

/** A text field of a settings document by name (its image field): its value when a non-empty string, else null. */
const textField = (doc: object | null | undefined, field: string): string | null => {
  const value: unknown = doc ? Reflect.get(doc, field) : null;
  return typeof value === 'string' && value ? value : null;
};

export async function saveSetting<K extends TAdminSettingKey>(ctx: AdminWrite, key: K, value: SettingForm<K>) {
  const { db } = ctx;
  const before = (await getSettings(db))[key];
  const imageField = SETTING_IMAGES[key];
  if (imageField) {
    const image = textField(value, imageField);
    if (image && image !== textField(before, imageField)) await assertOurUploads(db, imageField, [image]);
    const old = textField(before, imageField);
    if (old && old !== image) ctx.released.push(old);
  }
  const v = STORED[key](value, ctx.richText);
  await writeSetting(db, key, v);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: 'update',
    entity: 'setting',
    entityId: key,
    before,
    after: v,
  });
  return (await getSettings(db))[key];
}

// ── Banners ─────────────────────────────────────────────────────────────────────────────────────

const presentBanner = (b: typeof banners.$inferSelect): TAdminBanner => ({
  id: b.id,
  image: b.image,
  title: b.title,
  subtitle: b.subtitle,
  link: b.link,
  status: b.status,
  position: b.position,
});

export async function listBanners(db: DbOrTx) {
  return (await db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt))).map(presentBanner);
}

async function bannerById(db: DbOrTx, id: string) {
  const [row] = isUuid(id) ? await db.select().from(banners).where(eq(banners.id, id)) : [];
  if (!row) throw notFound();
  return presentBanner(row);
}

export async function saveBanner(ctx: AdminWrite, form: z.output<typeof ZBannerForm>, id?: string) {
  const { db } = ctx;
  const before = id ? await bannerById(db, id) : null;
  if (form.image !== before?.image) await assertOurUploads(db, 'image', [form.image]);
  const values = { ...form, updatedAt: new Date() };
  const savedId = id
    ? (await db.update(banners).set(values).where(eq(banners.id, id)).returning({ id: banners.id }))[0].id
    : (await db.insert(banners).values(values).returning({ id: banners.id }))[0].id;
  if (before && before.image !== form.image) ctx.released.push(before.image);
  const after = await bannerById(db, savedId);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: id ? 'update' : 'create',
    entity: 'banner',
    entityId: savedId,
    before,
    after,
  });
  return after;
}

export async function deleteBanner(ctx: AdminWrite, id: string) {
  const before = await bannerById(ctx.db, id);
  await ctx.db.delete(banners).where(eq(banners.id, id));
  ctx.released.push(before.image);
  await recordAudit(ctx.db, { actorId: ctx.actor.id, action: 'delete', entity: 'banner', entityId: id, before });
}

// ── Policies ────────────────────────────────────────────────────────────────────────────────────

const presentPolicy = (p: typeof policies.$inferSelect): TAdminPolicy => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  content: p.content,
  type: p.type,
  status: p.status,
  position: p.position,
  updatedAt: p.updatedAt.toISOString(),
});

export async function listPolicies(db: DbOrTx, f: { q?: string; status?: 'active' | 'hold' }, page: PageRequest) {
  const where: SQL[] = [];
  if (f.q) where.push(ilikeContains(policies.title, f.q));
  if (f.status) where.push(eq(policies.status, f.status));
  const { rows, total } = await pageWithTotal(db, policies, where, page, (condition, window) =>
    db
      .select()
      .from(policies)
      .where(condition)
      .orderBy(asc(policies.type), asc(policies.position), asc(policies.title))
      .limit(window.limit)
      .offset(window.offset),
  );
  return { total, rows: rows.map(presentPolicy) };
}

export async function getPolicy(db: DbOrTx, ref: string) {
  const [row] = await db.select().from(policies).where(idOrSlug(policies, ref)).limit(1);
  if (!row) throw notFound();
  return presentPolicy(row);
}

export async function savePolicy(ctx: AdminWrite, form: z.output<typeof ZPolicyForm>, ref?: string) {
  const { db } = ctx;
  const before = ref ? await getPolicy(db, ref) : null;
  let slug = form.slug;
  if (slug) {
    const [taken] = await db.select({ id: policies.id }).from(policies).where(eq(policies.slug, slug)).limit(1);
    if (taken && taken.id !== before?.id)
      throw new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);
  } else slug = await uniqueSlug(db, policies, form.title, before?.id);
  const values = {
    title: form.title,
    slug,
    content: ctx.richText(form.content),
    type: form.type,
    status: form.status,
    position: form.position,
    updatedAt: new Date(),
  };
  const savedId = before
    ? (await db.update(policies).set(values).where(eq(policies.id, before.id)).returning({ id: policies.id }))[0].id
    : (await db.insert(policies).values(values).returning({ id: policies.id }))[0].id;
  const after = await getPolicy(db, savedId);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: before ? 'update' : 'create',
    entity: 'policy',
    entityId: savedId,
    before,
    after,
  });
  return after;
}

export async function deletePolicy(ctx: AdminWrite, ref: string) {
  const before = await getPolicy(ctx.db, ref);
  await ctx.db.delete(policies).where(eq(policies.id, before.id));
  await recordAudit(ctx.db, { actorId: ctx.actor.id, action: 'delete', entity: 'policy', entityId: before.id, before });
}

// ── Contact requests ────────────────────────────────────────────────────────────────────────────

const presentContact = (c: typeof contactRequests.$inferSelect): TAdminContactRequest => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  message: c.message,
  fileUrl: c.fileUrl,
  status: c.status,
  createdAt: c.createdAt.toISOString(),
});

export async function listContactRequests(db: DbOrTx, f: { q?: string; status?: 'new' | 'done' }, page: PageRequest) {
  const where: SQL[] = [];
  if (f.q) {
    where.push(
      anyContains([contactRequests.name, contactRequests.email, contactRequests.phone, contactRequests.message], f.q),
    );
  }
  if (f.status) where.push(eq(contactRequests.status, f.status));
  const { rows, total } = await pageWithTotal(db, contactRequests, where, page, (condition, window) =>
    db
      .select()
      .from(contactRequests)
      .where(condition)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return { total, rows: rows.map(presentContact) };
}

export async function getContactRequest(db: DbOrTx, id: string) {
  const [row] = isUuid(id) ? await db.select().from(contactRequests).where(eq(contactRequests.id, id)) : [];
  if (!row) throw notFound();
  return presentContact(row);
}

export async function setContactStatus(ctx: AdminWrite, id: string, status: 'new' | 'done') {
  const before = await getContactRequest(ctx.db, id);
  await ctx.db.update(contactRequests).set({ status, updatedAt: new Date() }).where(eq(contactRequests.id, id));
  await recordAudit(ctx.db, {
    actorId: ctx.actor.id,
    action: status === 'done' ? 'done' : 'reopen',
    entity: 'contact',
    entityId: id,
    before: { status: before.status },
    after: { status },
  });
  return getContactRequest(ctx.db, id);
}
