import { startTransition, useSyncExternalStore, type FormEvent } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and true once script runs in the browser. A `<noscript>` would do
 * without it, but browsers that block script per site still parse `<noscript>` as hidden.
 */
export const useScriptRuns = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A public form's submit handler with the captcha on: the reCAPTCHA v3 token is fetched first and
 * sent with the fields as `field`. A token that cannot be had (Google unreachable) is sent empty:
 * the server then says the check failed.
 */
export function submitWithCaptcha(
  captcha: () => Promise<string>,
  field: string,
  formAction: (form: FormData) => void,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void captcha()
      .catch(() => '')
      .then((token) => {
        form.set(field, token);
        startTransition(() => formAction(form));
      });
  };
}
