import { type ComponentType, type RefObject, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/searchbox.json?lingui';

/** What the suggestions chunk is handed: the box's input and the id its listbox takes. */
export interface SuggestProps {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
}

/** The site search's URL for some words (an empty box opens the search page with just the box). */
export const searchHref = (q: string) => (q.trim() ? `/search?q=${encodeURIComponent(q.trim())}` : '/search');

/**
 * The site's search box (issue 14): a plain GET form to /search, so it works before and without JavaScript. The
 * suggestions (an ARIA 1.2 combobox: search-suggest.tsx) are a chunk of their own, loaded on the first focus, so the
 * page's initial JavaScript carries only this form.
 */
export function SearchBox({
  name,
  defaultValue,
  className,
}: {
  /** The search landmark's name, unique on the page (the header's and the search page's boxes). */
  name: string;
  defaultValue?: string;
  className?: string;
}) {
  const t = useT(messages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [Suggest, setSuggest] = useState<ComponentType<SuggestProps> | null>(null);
  const load = () => {
    if (!Suggest) import('./search-suggest').then((m) => setSuggest(() => m.SearchSuggest));
  };
  return (
    <search aria-label={name} className={className ? `search-box ${className}` : 'search-box'}>
      <form
        action="/search"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(searchHref(input.current?.value ?? ''));
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('searchbox.label')}
        </label>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={t('searchbox.placeholder')}
          defaultValue={defaultValue}
          onFocus={load}
        />
        {/* The magnifier is drawn by the stylesheet (search.css): no script for an icon. */}
        <button type="submit" className="search-submit" aria-label={t('searchbox.submit')} />
        {Suggest ? <Suggest input={input} listId={`${id}-list`} /> : null}
      </form>
    </search>
  );
}
