'use client';

import { useRef, useState, type KeyboardEvent } from 'react';
import styles from './form.module.css';

export interface ToolbarButton {
  key: string;
  label: string;
  /** A toggle (bold, heading…) says whether it is on; a plain action leaves this undefined. */
  pressed?: boolean;
  disabled?: boolean;
  /** Opens a panel: announced as expanded while that panel is open. */
  expanded?: boolean;
  controls?: string;
  run: () => void;
}

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move
 * between the buttons; toggles carry `aria-pressed`. Visible text is the button's whole name.
 */
export function EditorToolbar({ label, groups }: { label: string; groups: ToolbarButton[][] }) {
  const buttons = groups.flat();
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, buttons.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + buttons.length) % buttons.length;
    setActive(next);
    refs.current[next]?.focus();
  }

  // Each button's place in the one row the arrow keys walk through.
  const offsets = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.length, 0));
  return (
    <div role="toolbar" aria-label={label} className={styles.toolbar} onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        <div key={g} className={styles.toolbarGroup}>
          {group.map((button, i) => {
            const position = offsets[g] + i;
            return (
              <button
                key={button.key}
                ref={(element) => {
                  refs.current[position] = element;
                }}
                type="button"
                className={styles.toolbarButton}
                tabIndex={position === current ? 0 : -1}
                aria-pressed={button.pressed}
                aria-expanded={button.expanded}
                aria-controls={button.expanded ? button.controls : undefined}
                // aria-disabled keeps the button focusable, so arrow keys never skip over it silently.
                aria-disabled={button.disabled || undefined}
                onFocus={() => setActive(position)}
                onMouseDown={(event) => event.preventDefault() /* keep the editor's selection */}
                onClick={() => {
                  if (!button.disabled) button.run();
                }}
              >
                {button.label}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
