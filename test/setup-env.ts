// Tests never read the developer's data folder or real captcha keys.
process.env.SITE_TIME_ZONE = 'Asia/Taipei';
delete process.env.RECAPTCHA_SECRET_KEY;
delete process.env.RECAPTCHA_SITE_KEY;
