// The browser tests run in Debian's Chromium (Playwright cannot download its own here). On a fresh
// Debian machine where we are root, install it with the CJK fonts (and curl and jq, which the docs'
// examples use); otherwise say what to install.
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

if (!fs.existsSync(chromium) || !hasFonts() || !hasTool('curl') || !hasTool('jq')) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`The browser tests need Chromium at ${chromium} and Noto CJK fonts: apt-get install chromium fonts-noto-cjk curl jq (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log('Installing Chromium, CJK fonts, curl and jq from Debian…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk', 'curl', 'jq'], { stdio: 'inherit', env });
}
