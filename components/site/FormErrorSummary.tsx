'use client';

import { useEffect, useRef } from 'react';
import form from './form.module.css';
import styles from './contact/contact.module.css';

/**
 * The problems of a public form sent back by its server action: a summary at the top (the form's
 * own problem, then a link to each field's), which takes the focus when an answer arrives.
 */
export function FormErrorSummary({
  id,
  title,
  summary,
  formError,
  problems,
  answer,
}: {
  /** The summary's heading id. */
  id: string;
  title: string;
  summary: string;
  formError?: string;
  problems: { fieldId: string; message: string }[];
  /** The server's answer (null before one): each new one gives the summary the focus. */
  answer: unknown;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer && box.current) box.current.focus();
  }, [answer]);
  if (!formError && problems.length === 0) return null;
  return (
    <div ref={box} className={`${form.notice} ${form.noticeError}`} role="alert" tabIndex={-1} aria-labelledby={id}>
      <h2 id={id} className={styles.summaryTitle}>
        {title}
      </h2>
      <p>{summary}</p>
      <ul>
        {formError && <li>{formError}</li>}
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mark of a required field in its label: a star, and the word for screen readers. */
export function RequiredMark({ word, className }: { word: string; className?: string }) {
  return (
    <span className={className}>
      {' '}
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">{word}</span>
    </span>
  );
}
