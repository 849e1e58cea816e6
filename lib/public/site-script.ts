import { countOncePerSession, type SessionCookies } from './visit-counter';

/**
 * The public site's own script: what script adds to pages that work without it. Public pages go
 * without Next.js's client runtime (lib/server/next/framework-scripts.ts), so this is all the script most
 * of them run. It is inline at the top of every public page's body (app/[locale]/layout.tsx), so it
 * runs before the first paint, and it finds its parts by their data attributes, through listeners
 * on the document that work for the parts the parser has not reached yet. Sent as its source
 * (`siteScriptSource`): it uses nothing outside itself but the visit counter's request, its argument.
 */
function siteScript(count: typeof countOncePerSession): void {
  const html = document.documentElement;
  // The phone menu starts folded, and other parts show what only script can do (`.js` in the CSS).
  html.classList.add('js');

  const closestIn = (target: EventTarget | null, selector: string) =>
    target instanceof Element ? target.closest<HTMLElement>(selector) : null;

  // The main navigation (components/site/MainNav.tsx): the phone menu's button folds the list; its
  // groups' buttons show one group's pages at a time.
  document.addEventListener('click', (event) => {
    const button = closestIn(event.target, '[data-nav-toggle], [data-nav-expand]');
    const nav = closestIn(button, '[data-site-nav]');
    if (!button || !nav) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    if (button.hasAttribute('data-nav-toggle')) {
      nav.toggleAttribute('data-open', open);
    } else {
      nav.querySelectorAll('[data-nav-group]').forEach((group) => {
        group.removeAttribute('data-expanded');
        group.querySelector('[data-nav-expand]')?.setAttribute('aria-expanded', 'false');
      });
      closestIn(button, '[data-nav-group]')?.toggleAttribute('data-expanded', open);
    }
    button.setAttribute('aria-expanded', String(open));
  });

  // Escape closes a group's drop-down (until the pointer or focus leaves it) and gives focus back to
  // the group's link; with the phone menu open, it folds the menu and gives focus to its button.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const group = closestIn(event.target, '[data-nav-group]');
    if (group) {
      group.setAttribute('data-closed', '');
      group.querySelector<HTMLElement>('[data-nav-group-link]')?.focus();
    }
    const nav = closestIn(event.target, '[data-site-nav]');
    const toggle = nav?.querySelector<HTMLElement>('[data-nav-toggle]');
    if (!nav?.hasAttribute('data-open') || !toggle) return;
    nav.removeAttribute('data-open');
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  });
  const reopen = (group: HTMLElement | null) => group?.removeAttribute('data-closed');
  // `mouseleave` does not bubble: a listener that captures sees every element's.
  document.addEventListener(
    'mouseleave',
    (event) => {
      if (event.target instanceof Element && event.target.matches('[data-nav-group]'))
        reopen(event.target as HTMLElement);
    },
    true,
  );
  document.addEventListener('focusout', (event) => {
    const group = closestIn(event.target, '[data-nav-group]');
    if (group && !(event.relatedTarget instanceof Node && group.contains(event.relatedTarget))) reopen(group);
  });

  // The header's search box (components/site/SiteHeader.tsx): an ARIA combobox whose list holds up
  // to 8 titles for what was typed (GET /api/search/suggest). Arrow keys move through the list
  // (aria-activedescendant: focus stays in the box), Enter opens the chosen title or, with none
  // chosen, submits the form as without script; Escape closes the list; the count is announced.
  let suggestTimer = 0;
  let suggestRequest: AbortController | null = null;
  const suggestBox = (target: EventTarget | null) =>
    target instanceof HTMLInputElement && target.dataset.suggestUrl ? target : null;
  const suggestList = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-controls') ?? '');
  const suggestOptions = (input: HTMLInputElement) => [
    ...(suggestList(input)?.querySelectorAll<HTMLElement>('[role="option"]') ?? []),
  ];
  const activeOption = (input: HTMLInputElement) =>
    suggestOptions(input).findIndex((option) => option.getAttribute('aria-selected') === 'true');
  const chooseOption = (input: HTMLInputElement, index: number) => {
    suggestOptions(input).forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    const chosen = suggestOptions(input)[index];
    if (chosen) input.setAttribute('aria-activedescendant', chosen.id);
    else input.removeAttribute('aria-activedescendant');
  };
  const showSuggestions = (input: HTMLInputElement, open: boolean) => {
    const list = suggestList(input);
    const shown = open && suggestOptions(input).length > 0;
    if (list) list.hidden = !shown;
    input.setAttribute('aria-expanded', String(shown));
    if (!shown) chooseOption(input, -1);
  };
  document.addEventListener('input', (event) => {
    const input = suggestBox(event.target);
    if (!input) return;
    clearTimeout(suggestTimer);
    const typed = input.value.trim();
    if (!typed) {
      showSuggestions(input, false);
      return;
    }
    suggestTimer = window.setTimeout(() => {
      suggestRequest?.abort();
      const controller = new AbortController();
      suggestRequest = controller;
      const query = new URLSearchParams({ q: typed, lang: input.dataset.suggestLang ?? '' });
      fetch(`${input.dataset.suggestUrl}?${query}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { data: [] }))
        .then((body: { data: { title: string; url: string }[] }) => {
          const list = suggestList(input);
          if (!list) return;
          list.replaceChildren(
            ...body.data.map((suggestion, i) => {
              const option = document.createElement('li');
              option.id = `${list.id}-${i}`;
              option.setAttribute('role', 'option');
              option.setAttribute('aria-selected', 'false');
              option.dataset.url = suggestion.url;
              option.textContent = suggestion.title;
              return option;
            }),
          );
          showSuggestions(input, document.activeElement === input);
          const status = document.getElementById(input.dataset.suggestStatus ?? '');
          if (status)
            status.textContent = (input.dataset.suggestCount ?? '').replace('{count}', String(body.data.length));
        })
        .catch(() => {});
    }, 150);
  });
  document.addEventListener('keydown', (event) => {
    const input = suggestBox(event.target);
    if (!input) return;
    const options = suggestOptions(input);
    const open = input.getAttribute('aria-expanded') === 'true';
    const active = activeOption(input);
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length) {
      event.preventDefault();
      if (!open) showSuggestions(input, true);
      // -1 is the box itself: the list wraps around through it.
      const next =
        event.key === 'ArrowDown'
          ? active + 1 >= options.length
            ? -1
            : active + 1
          : active - 1 < -1
            ? options.length - 1
            : active - 1;
      chooseOption(input, next);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      showSuggestions(input, false);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      window.location.assign(options[active].dataset.url ?? '');
    }
  });
  // A pointer on a title opens it; pressing it keeps the focus in the box.
  document.addEventListener('mousedown', (event) => {
    if (closestIn(event.target, '[role="listbox"] [data-url]')) event.preventDefault();
  });
  document.addEventListener('click', (event) => {
    const option = closestIn(event.target, '[role="listbox"] [data-url]');
    if (option) window.location.assign(option.dataset.url ?? '');
  });
  document.addEventListener('focusout', (event) => {
    const input = suggestBox(event.target);
    if (input) showSuggestions(input, false);
  });

  // The visit counter (components/site/VisitCounter.tsx): counted once per browser session, by
  // this request, never by rendering a page; the footer then shows the new count.
  // The Cookie Store API where there is one (secure pages of current browsers): reading and
  // writing `document.cookie` blocks the main thread on a call to the browser, milliseconds each.
  const cookies: SessionCookies =
    'cookieStore' in window
      ? {
          has: async (name) => Boolean(await cookieStore.get(name)),
          mark: (name) => cookieStore.set({ name, value: '1', path: '/', sameSite: 'lax' }),
        }
      : {
          has: async (name) => document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${name}=`)),
          mark: async (name) => {
            document.cookie = `${name}=1; path=/; SameSite=Lax`;
          },
        };
  const countVisits = () =>
    document.querySelectorAll<HTMLElement>('[data-count-url]').forEach((figure) => {
      const { countUrl, countCookie, countAdd, countShown, countGroup } = figure.dataset;
      if (!countUrl || !countCookie) return;
      void count(countUrl, countCookie, cookies, fetch).then((counted) => {
        if (counted === null) return;
        const shown = Math.max(counted + Number(countAdd ?? 0), Number(countShown ?? 0));
        // Grouped by the separator the server's Intl gave: the browser's first Intl.NumberFormat
        // loads its locale data, tens of milliseconds of a phone's main thread.
        figure.textContent = String(shown).replace(/\B(?=(\d{3})+$)/g, countGroup ?? '');
      });
    });
  // Once the page has loaded, when the main thread is idle: reading the cookie and starting the
  // request take a phone tens of milliseconds, which would hold up the page's first paints.
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(countVisits) : setTimeout(countVisits, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
}

/**
 * The script's text, for an inline `<script>`: the page's CSP lets it run by its hash
 * (lib/server/next/script-hashes.ts).
 */
export const siteScriptSource = `(${siteScript.toString()})(${countOncePerSession.toString()});`;
