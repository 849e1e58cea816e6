import { NOT_FOUND_SHARED_MAX_AGE_SECONDS, sharedSecondsFor } from '../../lib/public/cache-policy';

test('a page is kept for its own time, whether sent whole or as a 304', () => {
  expect(sharedSecondsFor(200, 300)).toBe(300);
  expect(sharedSecondsFor(304, 12)).toBe(12);
});

test('a not-found page is kept a short while at most, never longer than the page would be', () => {
  expect(NOT_FOUND_SHARED_MAX_AGE_SECONDS).toBeLessThanOrEqual(60);
  expect(sharedSecondsFor(404, 300)).toBe(NOT_FOUND_SHARED_MAX_AGE_SECONDS);
  expect(sharedSecondsFor(404, 8)).toBe(8);
});

test('a failure, a redirect or any other answer is never kept', () => {
  for (const status of [500, 503, 301, 302, 303, 307, 308, 400, 403, 410])
    expect(sharedSecondsFor(status, 300)).toBeNull();
});
