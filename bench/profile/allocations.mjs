// Preloaded into the server by bench/api-profile.mjs: between two SIGUSR2, a sample of every 8 KB
// allocated (collected objects included), written to $PROFILE_OUT (a .heapprofile). With
// PROFILE_SURVIVORS, those a scavenge freed are left out: what is left outlived the young generation.
import inspector from 'node:inspector';
import fs from 'node:fs';

const session = new inspector.Session();
session.connect();
let on = false;
process.on('SIGUSR2', () => {
  on = !on;
  if (on) {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 8192,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: !process.env.PROFILE_SURVIVORS,
    });
  } else {
    session.post('HeapProfiler.stopSampling', (error, result) =>
      fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(result.profile)),
    );
  }
});
