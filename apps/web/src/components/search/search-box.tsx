import { useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/searchbox.json?lingui';

/** The site search's URL for some words (an empty box opens the search page with just the box). */
export const searchHref = (q: string) => (q.trim() ? `/search?q=${encodeURIComponent(q.trim())}` : '/search');

/**
 * The site's search box: a plain GET form to /search, so it works before and without JavaScript. Its suggestions are
 * the suggestions enhancer (suggest-enhancer.ts), which the start script loads on the box's first focus, before the
 * app runs or without it, and which draws its list into the slot after the form: a part React renders empty and
 * never hydrates, so the list is never React's to replace. Its texts come with the page's start plan (suggest-texts.ts).
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
          data-suggest=""
        />
        {/* The magnifier is drawn by the stylesheet (search.css): no script for an icon. */}
        <button type="submit" className="search-submit" aria-label={t('searchbox.submit')} />
      </form>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an empty part React leaves to the enhancer */}
      <div data-suggest-slot="" dangerouslySetInnerHTML={EMPTY} />
    </search>
  );
}

const EMPTY = { __html: '' };
