'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePublicPathname } from './public-pathname';
import styles from './MainNav.module.css';

export interface NavPage {
  label: string;
  /** Below the locale prefix: `/news`. */
  path: string;
  /** The link, in the page's language: `/tw/news`. */
  href: string;
}

export interface NavGroup extends NavPage {
  pages: NavPage[];
}

interface Props {
  groups: NavGroup[];
  label: string;
  menuText: string;
  /** The name of the phone menu's button that shows a group's pages: "Pages of {group}". */
  groupPagesText: string;
}

const isAt = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The main navigation: every group with its pages, as plain links. Without JavaScript it is a
 * complete list (on wide screens a group's pages drop down on hover and while focus is inside,
 * which CSS alone does). With script: a menu button folds the list on phones (hidden without
 * script), and Escape closes an open drop-down and returns focus to its group.
 */
export function MainNav({ groups, label, menuText, groupPagesText }: Props) {
  const pathname = usePublicPathname();
  const listId = useId();
  // The path the phone menu was opened on: a new page shows it folded again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [closedGroup, setClosedGroup] = useState<number | null>(null);
  const groupLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const toggle = useRef<HTMLButtonElement | null>(null);
  // On phones one group's pages show at a time (the current page's until another is chosen), so
  // the open menu is a short list of groups rather than every page of the site.
  const currentGroup = groups.findIndex(
    (group) => group.pages.some((p) => isAt(pathname, p.path)) || isAt(pathname, group.path),
  );
  const [expandedChoice, setExpanded] = useState<{ on: string; index: number | null } | null>(null);
  const expanded = expandedChoice?.on === pathname ? expandedChoice.index : currentGroup;

  function onKeyDown(index: number, event: KeyboardEvent<HTMLLIElement>) {
    if (event.key !== 'Escape') return;
    setClosedGroup(index);
    groupLinks.current[index]?.focus();
  }

  return (
    <nav
      className={`main-nav ${styles.nav}`}
      aria-label={label}
      data-open={open ? '' : undefined}
      onKeyDown={(event) => {
        // Escape closes the phone menu and gives focus back to its button.
        if (event.key !== 'Escape' || !open) return;
        setOpenOn(null);
        toggle.current?.focus();
      }}
    >
      <div className="container">
        {/* Shown only where script runs (the `js` class on <html>, see MainNav.module.css). */}
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
          {menuText}
        </button>
        <ul className={styles.list} id={listId}>
          {groups.map((group, index) => {
            const current = group.pages.some((p) => isAt(pathname, p.path)) || isAt(pathname, group.path);
            return (
              <li
                key={group.path + group.label}
                className={
                  current
                    ? `main-nav__group main-nav__group--current ${styles.group} ${styles.current}`
                    : `main-nav__group ${styles.group}`
                }
                data-closed={closedGroup === index ? '' : undefined}
                data-expanded={expanded === index ? '' : undefined}
                onKeyDown={(event) => onKeyDown(index, event)}
                onMouseLeave={() => setClosedGroup(null)}
                onBlur={(event) => {
                  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setClosedGroup(null);
                }}
              >
                <a
                  href={group.href}
                  className={`main-nav__group-link ${styles.groupLink}`}
                  ref={(element) => {
                    groupLinks.current[index] = element;
                  }}
                  aria-current={group.pages.length === 0 && pathname === group.path ? 'page' : undefined}
                >
                  {group.label}
                </a>
                {group.pages.length > 0 && (
                  <button
                    type="button"
                    className={styles.expand}
                    aria-expanded={expanded === index}
                    aria-label={groupPagesText.replace('{group}', group.label)}
                    onClick={() => setExpanded({ on: pathname, index: expanded === index ? null : index })}
                  >
                    <span aria-hidden="true" />
                  </button>
                )}
                {group.pages.length > 0 && (
                  <ul className={`main-nav__pages ${styles.pages}`}>
                    {group.pages.map((page) => (
                      <li key={page.path}>
                        <a
                          href={page.href}
                          className={styles.link}
                          aria-current={pathname === page.path ? 'page' : undefined}
                        >
                          {page.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
