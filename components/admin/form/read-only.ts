'use client';

import { createContext } from 'react';

/**
 * Whether the form is read-only (another account holds the row's edit lock). Native controls
 * follow their disabled fieldset; the rich-text editor, an editable area of its own, reads this.
 */
export const FormReadOnly = createContext(false);
