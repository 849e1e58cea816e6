'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from './SearchCombobox.module.css';

interface Props {
  /** `tw` or `en`: the language of the suggestions. */
  language: string;
  placeholder: string;
  /** Read out with the number of suggestions: `{count}` is replaced. */
  countLabel: string;
  listLabel: string;
}

interface Suggestion {
  title: string;
  url: string;
}

/** Typing pauses this long before asking for suggestions. */
const SUGGEST_DELAY_MS = 150;

/**
 * The header's search box: a plain input of a GET form (it works without script), which the browser
 * enhances into an ARIA 1.2 combobox with a list of titles as one types (`GET /api/search/suggest`).
 * Arrow keys move through the list, Enter opens the chosen title (or submits the form when none is
 * chosen), Escape closes the list; the count is announced through a polite live region.
 */
export function SearchCombobox({ language, placeholder, countLabel, listLabel }: Props) {
  const listId = useId();
  const [value, setValue] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const typed = value.trim();
    if (!typed) return;
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/api/search/suggest?${new URLSearchParams({ q: typed, lang: language })}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { data: [] }))
        .then((body: { data: Suggestion[] }) => {
          setSuggestions(body.data);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, language]);

  const expanded = open && suggestions.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the input itself: the list wraps around through it.
      const n = suggestions.length;
      if (event.key === 'ArrowDown') setActive((current) => (current + 1 >= n ? -1 : current + 1));
      else setActive((current) => (current - 1 < -1 ? n - 1 : current - 1));
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      window.location.assign(suggestions[active].url);
    }
  };
  const chosen = expanded && active >= 0 && active < suggestions.length ? active : -1;

  return (
    <div className={styles.box}>
      <input
        id="site-search-q"
        type="search"
        name="q"
        maxLength={200}
        accessKey="S"
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={chosen >= 0 ? `${listId}-${chosen}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (!event.target.value.trim()) setSuggestions([]);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className={styles.list} hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.url}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === chosen}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => window.location.assign(suggestion.url)}
          >
            {suggestion.title}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {open && value.trim() ? countLabel.replace('{count}', String(suggestions.length)) : ''}
      </p>
    </div>
  );
}
