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
}

interface FiltersProps extends FilterState {
  /** The list's own search box, labelled so; none on the search page, which has the site's box. */
  searchLabel?: string;
  /** The Sort choices; the first is the list's own order (no `sort=` in the URL). */
  sorts?: readonly { value: string; label: string }[];
  /** A name in the URL no circle or locality has (placesOf). */
  unknown?: Places['unknown'];
  onChange(next: FilterState): void;
}

/**
 * Circle and Locality selectors, each with All (localities follow the circle), a debounced search box (SPEC §2) and
 * the Sort (issue 14). Native selects: keyboard type-ahead, the phone's own picker, no script (decision 004). Values are
 * names, as the URL carries them (DESIGN §8).
 */
export function Filters({ circleName, blockName, q, sort, searchLabel, sorts, unknown, onChange }: FiltersProps) {
  const t = useT(messages);
  const { queries } = useServices();
  const { data: circles = [] } = useQuery(queries.circles());
  const circle = circles.find((c) => c.name === circleName);
  // A failed locality load empties the list (SPEC §4).
  const { data: blocks = [] } = useQuery({ ...queries.blocks(circle?.id), enabled: Boolean(circle) });
  const [text, setText] = useState(q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="filters row gap-md">
      <Field label={t('lists.circle')} className="filter">
        {(id) => (
          <select
            id={id}
            value={circleName ?? ''}
            onChange={(e) => onChange({ circleName: e.target.value || undefined, q, sort })}
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
            value={blockName ?? ''}
            disabled={!circle}
            onChange={(e) => onChange({ circleName, blockName: e.target.value || undefined, q, sort })}
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
              type="search"
              placeholder={searchLabel}
              value={text}
              onChange={(e) => {
                const value = e.target.value;
                setText(value);
                clearTimeout(timer.current);
                timer.current = setTimeout(
                  () => onChange({ circleName, blockName, q: value.trim() || undefined, sort }),
                  350,
                );
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
              value={sort ?? ''}
              onChange={(e) => onChange({ circleName, blockName, q, sort: e.target.value })}
            >
              {sorts.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
    </div>
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
