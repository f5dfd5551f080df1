import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services';
import { Field } from '../../components/ui/ui';
import type { Places } from './places';

interface FiltersProps {
  circleName?: string;
  blockName?: string;
  q?: string;
  searchLabel: string;
  /** A name in the URL no circle or locality has (placesOf). */
  unknown?: Places['unknown'];
  onChange(next: { circleName?: string; blockName?: string; q?: string }): void;
}

/**
 * Circle and Locality selectors, each with All (localities follow the circle), and a debounced search box
 * (SPEC §2). Native selects: keyboard type-ahead, the phone's own picker, no script (decision 004). Values are
 * names, as the URL carries them (DESIGN §8).
 */
export function Filters({ circleName, blockName, q, searchLabel, unknown, onChange }: FiltersProps) {
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
      <Field label="Circle" className="filter">
        {(id) => (
          <select
            id={id}
            value={circleName ?? ''}
            onChange={(e) => onChange({ circleName: e.target.value || undefined, q })}
          >
            <option value="">All</option>
            {unknown?.kind === 'circle' ? <UnknownOption name={unknown.name} /> : null}
            {circles.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Locality" className="filter">
        {(id) => (
          <select
            id={id}
            value={blockName ?? ''}
            disabled={!circle}
            onChange={(e) => onChange({ circleName, blockName: e.target.value || undefined, q })}
          >
            <option value="">All</option>
            {unknown?.kind === 'locality' ? <UnknownOption name={unknown.name} /> : null}
            {(circle ? blocks : []).map((b) => (
              <option key={b.id} value={b.name}>
                {b.name}
              </option>
            ))}
          </select>
        )}
      </Field>
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
              timer.current = setTimeout(() => onChange({ circleName, blockName, q: value.trim() || undefined }), 350);
            }}
          />
        )}
      </Field>
    </div>
  );
}

/** A name from the URL that no circle or locality has: shown as chosen, so the select says what the list is for. */
function UnknownOption({ name }: { name: string }) {
  return (
    <option value={name} disabled>
      {name} (unknown)
    </option>
  );
}
