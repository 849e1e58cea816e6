// The browser tests run in Debian's Chromium (Playwright cannot download its own here). On a fresh
// Debian machine where we are root, install it with the CJK fonts (and curl and jq, which the docs'
// examples use, and Varnish with varnish-modules' xkey, which e2e/cache-tier.spec.ts starts);
// otherwise say what to install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasFonts = () => {
  try {
    return /Noto Sans CJK/i.test(execFileSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

const hasTool = (name) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const xkey = '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so';
const hasVarnish = () => hasTool('varnishd') && fs.existsSync(xkey);

if (!fs.existsSync(chromium) || !hasFonts() || !hasTool('curl') || !hasTool('jq') || !hasVarnish()) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `The browser tests need Chromium at ${chromium}, Noto CJK fonts and Varnish with xkey: apt-get install chromium fonts-noto-cjk curl jq varnish varnish-modules (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium, CJK fonts, curl, jq and Varnish from Debian…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk', 'curl', 'jq', 'varnish', 'varnish-modules'],
    { stdio: 'inherit', env },
  );
  // The tests start their own varnishd; a service the package may have started would hold its port.
  try {
    execFileSync('sh', ['-c', 'systemctl is-active --quiet varnish && systemctl stop varnish'], { stdio: 'ignore' });
  } catch {}
}
