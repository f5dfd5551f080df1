import type { TContentKind } from '@chaupal/contract';
import type { ReactNode } from 'react';
import type { ContentOf } from '../../api/queries';
import { useT } from '../../app/i18n';
import { textOf } from '../../components/cards';
import { Button } from '../../components/ui/ui';
import { messages } from '../../locales/en/dashboard.json?lingui';

/** The statuses a tag names (green for active, red otherwise: SPEC §2). */
const STATUSES = ['active', 'pending', 'hold', 'draft'];
/** The statuses of a record that is not on the site, whose owner may share a preview link of it (decision 033). */
const UNPUBLISHED = ['draft', 'pending', 'hold'];

interface Props {
  /** The owner's lists also say why an admin held a record. */
  item: ContentOf<TContentKind> & { holdReason?: string | null };
  /** The signed-in user's id: Edit and Delete show only on that user's records (SPEC §2, §6). */
  userId: string;
  onPreview(): void;
  onEdit(): void;
  onDelete(): void;
  /** Opens the record's preview links, offered on the owner's records that are not public. */
  onSharePreview?(): void;
  /** Opens the record's history: its saved versions, each one's changes, and restoring one (decision 033). */
  onHistory?(): void;
  /** The owner's counts and confirmation of a listing (decision 016). */
  children?: ReactNode;
}

/** A dashboard card: image, status tag, title, description, View/Preview, and Edit/Delete for the owner. */
export function DashboardCard({
  item,
  userId,
  onPreview,
  onEdit,
  onDelete,
  onSharePreview,
  onHistory,
  children,
}: Props) {
  const image = 'photo' in item ? item.photo : item.image;
  const mine = item.userId === userId;
  const t = useT(messages);
  return (
    <article className="card">
      {image ? (
        <img src={image} alt={item.title} className="card-media-img" loading="lazy" />
      ) : (
        <span className="image-placeholder" />
      )}
      <div className="card-body">
        <span
          className={`status status-${item.status === 'active' ? 'ok' : item.status === 'draft' ? 'draft' : 'off'}`}
        >
          {STATUSES.includes(item.status) ? t(`dashboard.status.${item.status}`) : item.status}
        </span>
        {item.status === 'hold' && item.holdReason ? (
          <p className="small notice notice-error">{t('dashboard.heldBecause', { reason: item.holdReason })}</p>
        ) : null}
        <h2 className="card-title clamp-1">{item.title}</h2>
        <p className="muted clamp-2">{textOf(item.description)}</p>
        {mine ? children : null}
        <div className="row gap-xs card-actions">
          <Button size="xs" variant="light" onClick={onPreview}>
            {t('dashboard.viewPreview')}
          </Button>
          {mine ? (
            <>
              <Button size="xs" variant="outline" onClick={onEdit}>
                {t('dashboard.edit')}
              </Button>
              <Button size="xs" variant="outline" onClick={onDelete}>
                {t('dashboard.delete')}
              </Button>
              {onSharePreview && UNPUBLISHED.includes(item.status) ? (
                <Button size="xs" variant="light" onClick={onSharePreview}>
                  {t('dashboard.sharePreview')}
                </Button>
              ) : null}
              {onHistory ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={onHistory}
                  aria-label={t('dashboard.history.open', { title: item.title })}
                >
                  {t('dashboard.history')}
                </Button>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}
