'use client';

import { useId } from 'react';
import { usePublicPathname } from './public-pathname';
import styles from './MainNav.module.css';

interface NavPage {
  label: string;
  /** Below the language prefix: `/news`. */
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
 * which CSS alone does). With script (lib/public/site-script.ts, which finds the parts by their
 * `data-nav-*` attributes): a menu button folds the list on phones (hidden without script), one
 * group's pages show at a time there, and Escape closes an open drop-down and returns focus to its
 * group. A client component only to know the page it is drawn on (the layout does not), which the
 * server's render gives the HTML: it has no state of its own.
 */
export function MainNav({ groups, label, menuText, groupPagesText }: Props) {
  const pathname = usePublicPathname();
  const listId = useId();
  // On phones one group's pages show at a time (the current page's until another is chosen), so
  // the open menu is a short list of groups rather than every page of the site.
  const currentGroup = groups.findIndex(
    (group) => group.pages.some((p) => isAt(pathname, p.path)) || isAt(pathname, group.path),
  );

  return (
    <nav className={`main-nav ${styles.nav}`} aria-label={label} data-site-nav="">
      <div className="container">
        {/* Shown only where script runs (the `js` class on <html>, see MainNav.module.css). */}
        <button type="button" className={styles.toggle} aria-expanded={false} aria-controls={listId} data-nav-toggle="">
          <span className={styles.toggleIcon} aria-hidden="true" />
          {menuText}
        </button>
        <ul className={styles.list} id={listId}>
          {groups.map((group, index) => {
            const current = index === currentGroup;
            return (
              <li
                key={group.path + group.label}
                className={
                  current
                    ? `main-nav__group main-nav__group--current ${styles.group} ${styles.current}`
                    : `main-nav__group ${styles.group}`
                }
                data-nav-group=""
                data-expanded={current ? '' : undefined}
              >
                <a
                  href={group.href}
                  className={`main-nav__group-link ${styles.groupLink}`}
                  data-nav-group-link=""
                  aria-current={group.pages.length === 0 && pathname === group.path ? 'page' : undefined}
                >
                  {group.label}
                </a>
                {group.pages.length > 0 && (
                  <button
                    type="button"
                    className={styles.expand}
                    aria-expanded={current}
                    aria-label={groupPagesText.replace('{group}', group.label)}
                    data-nav-expand=""
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
