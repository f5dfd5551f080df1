import type { TSearchHit } from '@chaupal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/suggest.json?lingui';
import { useKindName } from './kinds';
import { Marked } from './marked';
import type { SuggestProps } from './search-box';

/** Suggestions start at this many characters, and ask for this many hits. */
const MIN_CHARS = 2;
const SUGGESTIONS = 6;
/** How long typing pauses before the words are sent. */
export const DEBOUNCE_MS = 200;

/**
 * The search box's suggestions as an ARIA 1.2 combobox (list autocomplete): the box's input is the combobox, this
 * renders its listbox and moves `aria-activedescendant`. Down and Up move through the options (from the box, Down
 * opens the list), Enter on an option goes to the hit's page, Enter without one submits the form (the search page),
 * Escape closes the list; a click picks an option. The input is the search box's own (rendered on the server), so
 * loading this on focus changes nothing under the visitor's fingers.
 */
export function SearchSuggest({ input, listId }: SuggestProps) {
  const t = useT(messages);
  const kindName = useKindName();
  const { queries } = useServices();
  const navigate = useNavigate();
  const { key } = useLocation();
  const [words, setWords] = useState(() => input.current?.value.trim() ?? '');
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const enough = words.length >= MIN_CHARS;
  const { data } = useQuery({
    ...queries.search({ q: words, pageSize: SUGGESTIONS }),
    enabled: enough,
    placeholderData: keepPreviousData,
  });
  const hits: TSearchHit[] = enough ? (data?.data ?? []) : [];
  const shown = open && hits.length > 0;

  // The native listeners below read the latest state from here.
  const state = useRef({ shown, active, hits });
  state.current = { shown, active, hits };
  const go = (hit: TSearchHit) => {
    setOpen(false);
    navigate(hit.url);
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      setOpen(true);
      setActive(-1);
      clearTimeout(timer);
      timer = setTimeout(() => setWords(el.value.trim()), DEBOUNCE_MS);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const { shown, active, hits } = state.current;
      const n = hits.length;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!n) return;
        e.preventDefault();
        const down = e.key === 'ArrowDown';
        setOpen(true);
        if (!shown) setActive(down ? 0 : n - 1);
        else setActive(down ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
      } else if (e.key === 'Enter' && shown && active >= 0) {
        e.preventDefault();
        goRef.current(hits[active]);
      } else if (e.key === 'Escape' && shown) {
        // Closes the list only: not the drawer the box may stand in.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    };
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    const onFocus = () => setOpen(true);
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('blur', onBlur);
    el.addEventListener('focus', onFocus);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('focus', onFocus);
    };
  }, [input]);

  // A navigation (a picked hit, the search page) closes the list; words typed before this chunk arrived do not.
  const shownAt = useRef(key);
  useEffect(() => {
    if (key === shownAt.current) return;
    shownAt.current = key;
    setOpen(false);
  }, [key]);

  // The combobox's state lives on the search box's input.
  const current = shown && active >= 0 && active < hits.length ? `${listId}-${active}` : '';
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown));
    toggle(el, 'aria-controls', shown ? listId : '');
    toggle(el, 'aria-activedescendant', current);
  }, [input, shown, listId, current]);

  return (
    <>
      <span className="visually-hidden" role="status">
        {shown ? t('suggest.count', { count: hits.length }) : ''}
      </span>
      {shown ? (
        <div id={listId} role="listbox" aria-label={t('suggest.list')} className="suggest-list">
          {hits.map((h, i) => (
            // The input keeps the focus and points at the option (aria-activedescendant): keys are handled there.
            // biome-ignore lint/a11y/useKeyWithClickEvents: ARIA 1.2 combobox, see above
            // biome-ignore lint/a11y/useFocusableInteractive: ARIA 1.2 combobox, see above
            <div
              key={`${h.kind}-${h.id}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="suggest-option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => go(h)}
            >
              <span className="suggest-title">
                <Marked text={h.title} marks={h.titleMarks} />
              </span>
              <span className="suggest-kind">{kindName(h.kind)}</span>
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}

function toggle(el: HTMLElement, name: string, value: string) {
  if (value) el.setAttribute(name, value);
  else el.removeAttribute(name);
}
