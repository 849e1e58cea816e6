// Preloaded into the server by bench/api-profile.mjs: between two SIGUSR2, V8's CPU profile sampled
// every 0.2 ms, written to $PROFILE_OUT (a .cpuprofile, which Chrome's DevTools open).
import inspector from 'node:inspector';
import fs from 'node:fs';

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
let on = false;
process.on('SIGUSR2', () => {
  on = !on;
  if (on) session.post('Profiler.start');
  else
    session.post('Profiler.stop', (error, result) =>
      fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(result.profile)),
    );
});
