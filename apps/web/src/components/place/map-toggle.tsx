import { lazy, Suspense, useState } from 'react';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/place.json?lingui';
import { Button } from '../ui/ui';
import type { TMapPoint } from './place-map';

/** Leaflet and its stylesheet are a chunk of their own, fetched on the first "Show map" (issue 15). */
const PlaceMap = lazy(() => import('./place-map'));

/** A "Show map" button that loads the map of `points` under it; the page reads the same without it. */
export function MapToggle({ points, label, title }: { points: TMapPoint[]; label: string; title: string }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <div className="stack gap-xs">
      <div>
        <Button variant="light" size="xs" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('place.hideMap') : label}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={<p className="muted small">{t('place.loadingMap')}</p>}>
          <PlaceMap points={points} title={title} />
        </Suspense>
      ) : null}
    </div>
  );
}
