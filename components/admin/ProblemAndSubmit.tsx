'use client';

/**
 * The end of a short sign-in or security form: the refusal, announced as it appears, then the
 * primary button (its wording while busy) and a secondary one that goes back.
 */
export function ProblemAndSubmit({
  problemId,
  problem,
  busy,
  submit,
  busyText,
  back,
}: {
  problemId: string;
  problem: string | null;
  busy: boolean;
  submit: string;
  busyText: string;
  back: { text: string; onClick: () => void };
}) {
  return (
    <>
      <div id={problemId} role="alert" className="admin-login-problem">
        {problem}
      </div>
      <button type="submit" className="admin-button-primary" disabled={busy}>
        {busy ? busyText : submit}
      </button>{' '}
      <button type="button" onClick={back.onClick}>
        {back.text}
      </button>
    </>
  );
}
