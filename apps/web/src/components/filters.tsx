import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../app/i18n';
import { useServices } from '../app/services';
import { messages } from '../locales/en/lists.json?lingui';
import type { Places } from './places';
import { Field } from './ui/ui';

export interface FilterState {
  circleName?: string;
  blockName?: string;
  q?: string;
  sort?: string;
  /** "4 ★ and up" (`minRating=4`): experts and outlets rated that or more. */
  minRating?: string;
}

interface FiltersProps extends FilterState {
  /** The list's own search box, labelled so; none on the search page, which has the site's box. */
  searchLabel?: string;
  /** The Sort choices; the first is the list's own order (no `sort=` in the URL). */
  sorts?: readonly { value: string; label: string }[];
  /** A name in the URL no circle or locality has (placesOf). */
  unknown?: Places['unknown'];
  /** The list's address without filters: where the form goes (a GET form, so it works before the app and without it). */
  action: string;
  /** Other parameters of the address the form keeps (the search page's words and kind). */
  keep?: Record<string, string | undefined>;
  onChange(next: FilterState): void;
}

/**
 * Circle and Locality selectors, each with All (localities follow the circle), a debounced search box (SPEC §2) and
 * the Sort. Native selects: keyboard type-ahead, the phone's own picker (decision 004). Values are names, as the URL
 * carries them (DESIGN §8).
 *
 * It is a real `<form method="get">` to the list's address: before the app runs, a changed choice sends it (the start
 * script, `data-autosubmit`; a new circle clears the locality, `data-resets`), and without scripts the Apply button
 * (shown only then) does. "Near me" needs the browser's location, so its choice waits for the app (`data-app`).
 * Once the app runs, the same changes navigate in the app.
 */
export function Filters({
  circleName,
  blockName,
  q,
  sort,
  minRating,
  searchLabel,
  sorts,
  unknown,
  action,
  keep = {},
  onChange,
}: FiltersProps) {
  const t = useT(messages);
  // What each control changes one part of.
  const state: FilterState = { circleName, blockName, q, sort, minRating };
  // Where a list can be ordered by rating (experts' and outlets'), it can keep only those rated 4 ★ and up.
  const rated = sorts?.some((s) => s.value === 'rating');
  const { queries } = useServices();
  const { data: circles = [] } = useQuery(queries.circles());
  const circle = circles.find((c) => c.name === circleName);
  // A failed locality load empties the list (SPEC §4).
  const { data: blocks = [] } = useQuery({ ...queries.blocks(circle?.id), enabled: Boolean(circle) });
  const [text, setText] = useState(q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <form
      className="filters row gap-md"
      method="get"
      action={action}
      data-autosubmit=""
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        onChange({ ...state, q: text.trim() || undefined });
      }}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <Field label={t('lists.circle')} className="filter">
        {(id) => (
          <select
            id={id}
            name="circleName"
            data-resets="blockName"
            value={circleName ?? ''}
            onChange={(e) => onChange({ ...state, circleName: e.target.value || undefined, blockName: undefined })}
          >
            <option value="">{t('lists.all')}</option>
            {unknown?.kind === 'circle' ? <UnknownOption name={unknown.name} /> : null}
            {circles.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('lists.locality')} className="filter">
        {(id) => (
          <select
            id={id}
            name="blockName"
            value={blockName ?? ''}
            disabled={!circle}
            onChange={(e) => onChange({ ...state, blockName: e.target.value || undefined })}
          >
            <option value="">{t('lists.all')}</option>
            {unknown?.kind === 'locality' ? <UnknownOption name={unknown.name} /> : null}
            {(circle ? blocks : []).map((b) => (
              <option key={b.id} value={b.name}>
                {b.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {searchLabel ? (
        <Field label={searchLabel} className="filter">
          {(id) => (
            <input
              id={id}
              name="q"
              // Narrowing as one types is the app's: a focus here starts it (Enter sends the form before it runs).
              data-app=""
              type="search"
              placeholder={searchLabel}
              value={text}
              onChange={(e) => {
                const value = e.target.value;
                setText(value);
                clearTimeout(timer.current);
                timer.current = setTimeout(() => onChange({ ...state, q: value.trim() || undefined }), 350);
              }}
            />
          )}
        </Field>
      ) : null}
      {sorts ? (
        <Field label={t('lists.sort')} className="filter filter-sort">
          {(id) => (
            <select
              id={id}
              name="sort"
              value={sort ?? ''}
              onChange={(e) => onChange({ ...state, sort: e.target.value })}
            >
              {sorts.map((s) => (
                <option key={s.value} value={s.value} data-app={s.value === 'near' ? '' : undefined}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {rated ? (
        <Field label={t('lists.rating')} className="filter filter-sort">
          {(id) => (
            <select
              id={id}
              name="minRating"
              value={minRating ?? ''}
              onChange={(e) => onChange({ ...state, minRating: e.target.value || undefined })}
            >
              <option value="">{t('lists.all')}</option>
              <option value="4">{t('lists.fourUp')}</option>
            </select>
          )}
        </Field>
      ) : null}
      {/* Only without scripts (ui.css): with them, a change is enough. */}
      <button type="submit" className="btn btn-outline filters-apply">
        {t('lists.apply')}
      </button>
    </form>
  );
}

/** A name from the URL that no circle or locality has: shown as chosen, so the select says what the list is for. */
function UnknownOption({ name }: { name: string }) {
  const t = useT(messages);
  return (
    <option value={name} disabled>
      {t('lists.unknown', { name })}
    </option>
  );
}
