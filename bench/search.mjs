// Site search benchmark: GET /api/search with one- to four-word queries in both languages, with
// autocannon against the production server on a database filled by seed:large (100,000 news and
// 20,000 laws), each request a query drawn at random from the list below, as visitors repeat the
// same few searches (the server keeps a search's answer until the next write: lib/public/site-search.ts);
// then any query on any of 100 pages, so that nearly every answer is worked out afresh (the query's
// ranking is kept, its page is not); the last rows draw any one to four of all the queries' words, so
// that not even the ranking is kept.
// Then each query once right after a save, one at a time: what the first visitor after an edit waits.
//
//   node bench/search.mjs                           # embedded database in ./bench-data (seeded on first run)
//   DATABASE_URL=postgres://… node bench/search.mjs  # that PostgreSQL (seeded if it has no news)
//
// Environment as bench/api.mjs: BENCH_PORT (3400), BENCH_CONNECTIONS (10), BENCH_SECONDS (10),
// BENCH_WARMUP_SECONDS (5), BENCH_SERVER_CPUS (e.g. `0`; start this script under `taskset -c 1`),
// BENCH_ONLY (run only the rows whose title contains it: `page 1–100`, `any 1–4`, `after a save`).
// A database seeded before the search index existed is indexed by the server at its first start
// (it waits for that). Needs a production build (npm run build). Prints a Markdown table for
// docs/performance.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchEnv, benchToken, root, seedLarge, waitUp } from './bench-server.mjs';

const port = Number(process.env.BENCH_PORT) || 3400;
const base = `http://127.0.0.1:${port}`;
const connections = Number(process.env.BENCH_CONNECTIONS) || 10;
const duration = Number(process.env.BENCH_SECONDS) || 10;
const warmup = Number(process.env.BENCH_WARMUP_SECONDS) || 5;
const serverCpus = process.env.BENCH_SERVER_CPUS;
const only = process.env.BENCH_ONLY;
const env = benchEnv(port, 'bench-data');
const driver = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Queries a visitor types, by number of words. */
const queries = {
  tw: [
    ['信託', '安養', '洗錢', '臺灣', '信托'],
    ['信託 公告', '安養 信託', '高齡 安養', '台灣 信託'],
    ['信託業法 施行細則 修正', '高齡 安養 信託', '員工 福利 信託'],
    ['信託 業務 自律 規範', '高齡者 安養 信託 座談會', '不動產 開發 信託 要點'],
  ],
  en: [
    ['trust', 'trusts', 'seminar', 'trsut', 'registration'],
    ['trust law', 'senior care', 'money laundering', 'employee benefit'],
    ['trust enterprise act', 'senior care trust', 'anti money laundering'],
    ['enforcement rules trust enterprise', 'trust business proficiency test', 'real estate development trust'],
  ],
};

const ms = (value) => Math.round(value);
/** The value below which `p` per cent of the sorted times fall. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * One scenario under load: autocannon's totals, and the percentiles of every answered request's time
 * (autocannon's own report has p90 and p97.5 but no p95, which the search's target names).
 */
function run(options, seconds = duration) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      { url: `${base}/api/search`, connections, duration: seconds, ...options },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          ...result,
          ...Object.fromEntries([50, 95, 97.5, 99].map((p) => [`p${p}`, percentile(times, p)])),
        });
      },
    );
    instance.on('response', (client, status, bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
    });
  });
}

/**
 * Each request a query of one to four words drawn from all the words of the language's queries, in
 * any order, on page 1: thousands of different queries, so that not even their rankings are kept.
 */
const anyWords = (language) => {
  const words = [...new Set(queries[language].flat().flatMap((query) => query.split(' ')))];
  return {
    requests: [
      {
        setupRequest: (request) => {
          const picked = Array.from(
            { length: 1 + Math.floor(Math.random() * 4) },
            () => words[Math.floor(Math.random() * words.length)],
          );
          return { ...request, path: `/api/search?${new URLSearchParams({ q: picked.join(' '), lang: language })}` };
        },
      },
    ],
  };
};

/** Each request another query of the list, at a random page of the first `pages`. */
const randomQueries = (language, list, pages = 3) => ({
  requests: [
    {
      setupRequest: (request) => {
        const q = list[Math.floor(Math.random() * list.length)];
        const page = 1 + Math.floor(Math.random() * pages);
        return { ...request, path: `/api/search?${new URLSearchParams({ q, page: String(page), lang: language })}` };
      },
    },
  ],
});

function startServer() {
  const start = ['sh', path.join(root, 'scripts/start.sh'), '-p', String(port)];
  const [command, args] = serverCpus ? ['taskset', ['-c', serverCpus, ...start]] : [start[0], start.slice(1)];
  return spawn(command, args, { cwd: root, env, stdio: 'ignore' });
}
const stopped = (child) => new Promise((resolve) => child.once('exit', resolve));

async function newsTotal() {
  const response = await fetch(`${base}/api/search?q=${encodeURIComponent('信託')}&lang=tw&pageSize=1`);
  return (await response.json()).total;
}

let server = startServer();
try {
  await waitUp(base, 30 * 60);
  if ((await newsTotal()) < 10000) {
    server.kill('SIGTERM');
    await stopped(server);
    console.log(`Seeding ${driver} with seed:large…`);
    seedLarge(env);
    server = startServer();
    await waitUp(base, 30 * 60);
  }
  console.log(`${await newsTotal()} rows found for 「信託」`);
  // The last two: any query of the language at a random page of 100 (8,000 answers a language), so
  // that nearly every search is worked out afresh rather than answered from what the server keeps.
  const scenarios = ['tw', 'en'].flatMap((language) =>
    queries[language].map((list, i) => [`${language}, ${i + 1} word${i ? 's' : ''}`, randomQueries(language, list)]),
  );
  for (const language of ['tw', 'en']) {
    scenarios.push([`${language}, 1–4 words, page 1–100`, randomQueries(language, queries[language].flat(), 100)]);
  }
  for (const language of ['tw', 'en'])
    scenarios.push([`${language}, any 1–4 of the words, page 1`, anyWords(language)]);
  const chosen = scenarios.filter(([title]) => !only || title.includes(only));
  // The last two read rows across 100 pages: the database's cache of them fills over the first
  // half-minute, so they warm up for 20 s at least.
  for (const [title, options] of chosen)
    await run(options, title.includes('page 1–100') || title.includes('any 1–4') ? Math.max(warmup, 20) : warmup);
  console.log(
    `\n${driver}, ${connections} connections, ${duration} s each${serverCpus ? `, server on CPU ${serverCpus}` : ''}\n`,
  );
  console.log('| queries | requests/s | p50 ms | p95 ms | p97.5 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [title, options] of chosen) {
    const result = await run(options);
    console.log(
      `| ${title} | ${Math.round(result.requests.average)} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result['p97.5'])} | ${ms(result.p99)} | ${result.non2xx} |`,
    );
  }
  // Cold: a save (any write ends what the server keeps), then the query, alone.
  if (!only || 'after a save'.includes(only)) {
    const headers = {
      'content-type': 'application/json',
      'web-language': 'tw',
      cookie: 'XSRF-TOKEN=b',
      'x-xsrf-token': 'b',
      authorization: `Bearer ${await benchToken(base, env)}`,
    };
    const [row] = (
      await (await fetch(`${base}/api/webnews/getlist`, { method: 'POST', headers, body: '{"pageSize":1}' })).json()
    ).data;
    console.log(`\n${driver}, each query once right after a save, one request at a time\n`);
    console.log('| queries | searches | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const language of ['tw', 'en']) {
      for (const [i, list] of queries[language].entries()) {
        const times = [];
        for (const q of [...list, ...list, ...list]) {
          const saved = await fetch(`${base}/api/webnews/update`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ id: row.id, title: `${row.title} ${times.length}` }),
          });
          if (saved.status !== 200) throw new Error(`save ${saved.status}: ${await saved.text()}`);
          const started = performance.now();
          const answer = await fetch(`${base}/api/search?${new URLSearchParams({ q, lang: language })}`);
          await answer.arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(
          `| ${language}, ${i + 1} word${i ? 's' : ''} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times.at(-1))} |`,
        );
      }
    }
  }
} finally {
  server.kill('SIGTERM');
}
