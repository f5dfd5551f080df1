import type { ReactNode } from 'react';
import { useT } from '../app/i18n';
import { messages } from '../locales/en/shell.json?lingui';
import { telHref, whatsappHref } from './contact-links';
import { CARD_SIZES, ResponsiveImage, type TImageLoad } from './image';
import { Link } from './ui/link';
import { ButtonLink } from './ui/ui';

/** Text of an HTML fragment, for card descriptions. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** SPEC §9: expert card descriptions are cut to 100 characters. */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

interface CardProps {
  to: string;
  title: string;
  image: string | null;
  description: string;
  meta?: ReactNode;
  actions?: ReactNode;
  /** The title's heading level: 2 in a grid right under the page's h1, 3 under a section's h2 (the default). */
  level?: 2 | 3;
  /** How the image loads: the first row of the first grid on a page is not lazy (see `cardLoad`). */
  load?: TImageLoad;
  /** The record's language where it is known (an article's): its title and description are marked with it. */
  lang?: string;
}

/**
 * The loading of the `index`th card of a page's first grid: the first card may be the page's largest paint, the rest
 * of the first row (three wide on a desktop) is on screen too; below that, lazy.
 */
export const cardLoad = (index: number): TImageLoad => (index === 0 ? 'high' : index < 3 ? 'eager' : 'lazy');

/** A card of the grids: image, title on one line, description on two (SPEC §9). */
export function ItemCard({ to, title, image, description, meta, actions, level = 3, load = 'lazy', lang }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <Link to={to} tabIndex={-1} aria-hidden="true" className="card-media">
        {image ? (
          <ResponsiveImage src={image} alt={title} sizes={CARD_SIZES} box={{ width: 400, height: 240 }} load={load} />
        ) : (
          <span className="image-placeholder" />
        )}
      </Link>
      <div className="card-body">
        <Heading className="card-title clamp-1" lang={lang}>
          <Link to={to}>{title}</Link>
        </Heading>
        {meta}
        <p className="muted clamp-2" lang={lang}>
          {description}
        </p>
        {actions ? <div className="row gap-xs card-actions">{actions}</div> : null}
      </div>
    </article>
  );
}

/** Call Us, WhatsApp (only with a number) and More, for experts and outlets (SPEC §2). */
export function ContactActions({
  callNow,
  whatsapp,
  more,
  about,
}: {
  callNow: string;
  whatsapp: string | null;
  more: string;
  /** The record's title: the More link's full name for screen readers and crawlers (Lighthouse `link-text`). */
  about: string;
}) {
  const wa = whatsappHref(whatsapp);
  const t = useT(messages);
  return (
    <>
      {callNow ? (
        <ButtonLink href={telHref(callNow)} size="xs">
          {t('card.callUs')}
        </ButtonLink>
      ) : null}
      {wa ? (
        <ButtonLink href={wa} target="_blank" rel="noopener noreferrer" size="xs" variant="green">
          WhatsApp
        </ButtonLink>
      ) : null}
      <ButtonLink to={more} size="xs" variant="light">
        {t('card.more')}
        <span className="visually-hidden"> {t('card.moreAbout', { title: about })}</span>
      </ButtonLink>
    </>
  );
}

/** Whether a (possibly cut) description only repeats the opening of the body, so showing it would say it twice. */
export function repeats(description: string, body: string | null | undefined): boolean {
  const d = textOf(description)
    .replace(/(…|\.\.\.)$/, '')
    .trim();
  return d !== '' && !!body && textOf(body).startsWith(d);
}
