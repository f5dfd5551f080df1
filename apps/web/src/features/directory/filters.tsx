import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services';

interface FiltersProps {
  circleName?: string;
  blockName?: string;
  q?: string;
  searchLabel: string;
  onChange(next: { circleName?: string; blockName?: string; q?: string }): void;
}

const ALL = '';

/**
 * Circle and Locality selectors (searchable, with All; localities follow the circle) and a debounced search box
 * (SPEC §2). Values are names, as the URL carries them (DESIGN §8).
 */
export function Filters({ circleName, blockName, q, searchLabel, onChange }: FiltersProps) {
  const { queries } = useServices();
  const { data: circles = [] } = useQuery(queries.circles());
  const circle = circles.find((c) => c.name === circleName);
  // A failed locality load empties the list (SPEC §4).
  const { data: blocks = [] } = useQuery({ ...queries.blocks(circle?.id), enabled: Boolean(circle) });
  const [text, setText] = useState(q ?? '');
  const search = useDebouncedCallback(
    (value: string) => onChange({ circleName, blockName, q: value || undefined }),
    350,
  );

  return (
    <Group gap="md" align="flex-end" className="filters">
      <Select
        className="filter"
        label="Circle"
        searchable
        data={[{ value: ALL, label: 'All' }, ...circles.map((c) => ({ value: c.name, label: c.name }))]}
        value={circleName ?? ALL}
        onChange={(v) => onChange({ circleName: v || undefined, blockName: undefined, q })}
        allowDeselect={false}
      />
      <Select
        className="filter"
        label="Locality"
        searchable
        disabled={!circle}
        data={[{ value: ALL, label: 'All' }, ...(circle ? blocks : []).map((b) => ({ value: b.name, label: b.name }))]}
        value={blockName ?? ALL}
        onChange={(v) => onChange({ circleName, blockName: v || undefined, q })}
        allowDeselect={false}
      />
      <TextInput
        className="filter"
        label={searchLabel}
        placeholder={searchLabel}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          search(e.currentTarget.value);
        }}
      />
    </Group>
  );
}
