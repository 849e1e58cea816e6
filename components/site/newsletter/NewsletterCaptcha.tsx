'use client';

import { useEffect } from 'react';
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from 'react-google-recaptcha-v3';

/**
 * With the captcha on, the newsletter page's form gets a reCAPTCHA v3 token (action `newsletter`)
 * in its hidden `captcha` field just before it is posted; the form itself stays a plain form. Without
 * script there is no token and the server refuses, as for the contact form.
 */
export function NewsletterCaptcha({
  siteKey,
  formId,
  language,
}: {
  siteKey: string;
  formId: string;
  language: string;
}) {
  return (
    <GoogleReCaptchaProvider reCaptchaKey={siteKey} language={language}>
      <TokenOnSubmit formId={formId} />
    </GoogleReCaptchaProvider>
  );
}

function TokenOnSubmit({ formId }: { formId: string }) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement) || !executeRecaptcha) return;
    const submit = (event: SubmitEvent) => {
      const field = form.elements.namedItem('captcha');
      if (field instanceof HTMLInputElement && field.value) return;
      event.preventDefault();
      // A token that cannot be had (Google unreachable) is sent empty: the server then says the check failed.
      void executeRecaptcha('newsletter')
        .catch(() => '')
        .then((token) => {
          if (field instanceof HTMLInputElement) field.value = token || ' ';
          form.requestSubmit();
        });
    };
    form.addEventListener('submit', submit);
    return () => form.removeEventListener('submit', submit);
  }, [executeRecaptcha, formId]);
  return null;
}
